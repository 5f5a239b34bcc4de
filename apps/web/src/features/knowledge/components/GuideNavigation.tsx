import { Link } from "react-router";
import type { NavigationNode } from "../knowledge.tree.ts";
import styles from "./knowledge.module.css";

function NavigationList({ nodes, currentPath }: { nodes: readonly NavigationNode[]; currentPath: string }) {
  return (
    <ul className={styles.guideList}>
      {nodes.map((node) => (
        <li key={`${node.recordType}-${node.recordID}`}>
          {node.recordType === "article" ? (
            <Link
              to={node.path}
              className={styles.guideArticle}
              aria-current={node.path === currentPath ? "page" : undefined}
            >
              {node.name}
            </Link>
          ) : (
            <>
              <Link to={node.path} className={styles.guideCategory}>
                {node.name}
              </Link>
              {node.children.length > 0 ? <NavigationList nodes={node.children} currentPath={currentPath} /> : null}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A guide's navigation: its categories and their articles, nested, the article shown marked as current. */
export function GuideNavigation({
  title,
  tree,
  currentPath,
}: {
  title: string;
  tree: readonly NavigationNode[];
  currentPath: string;
}) {
  return (
    // Named by the guide, not headed: it comes before the article's own heading.
    <nav className={styles.guideNavigation} aria-label={title}>
      <p className={styles.asideTitle} aria-hidden="true">
        {title}
      </p>
      <NavigationList nodes={tree} currentPath={currentPath} />
    </nav>
  );
}
