import { Component, type ErrorInfo, type ReactNode } from "react";
import type { LayoutWidget } from "@parley/contracts";
import { t } from "../../lib/i18n.ts";
import { Button } from "../../ui/button/Button.tsx";
import styles from "./LayoutRenderer.module.css";
import { definitionOf, useWidgetRegistry } from "./widgetRegistry.ts";

const warned = new Set<string>();

/** An unregistered widget: said once in the console, shown as a visible placeholder. */
function UnknownWidget({ name }: { name: string }) {
  if (!warned.has(name)) {
    warned.add(name);
    console.warn(`Layout widget "${name}" is not registered.`);
  }
  return (
    <div className={styles.unknown} role="note">
      {t('Unknown widget "{component}"', { component: name })}
    </div>
  );
}

interface BoundaryProps {
  component: string;
  children: ReactNode;
}

/** One widget failing to render leaves the rest of the page: a message, Reload and Cancel (hides it). */
class WidgetErrorBoundary extends Component<BoundaryProps, { error: Error | null; cancelled: boolean }> {
  override state = { error: null as Error | null, cancelled: false };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Layout widget "${this.props.component}" failed to render.`, error, info.componentStack);
  }

  override render() {
    const { error, cancelled } = this.state;
    if (!error) return this.props.children;
    if (cancelled) return null;
    return (
      <div className={styles.failed} role="alert">
        <p className={styles.failedTitle}>
          {t('There was a problem loading "{component}"', { component: this.props.component })}
        </p>
        {import.meta.env.DEV ? <pre className={styles.failedDetails}>{error.stack ?? error.message}</pre> : null}
        <div className={styles.failedActions}>
          <Button buttonType="primary" onPress={() => window.location.reload()}>
            {t("Reload")}
          </Button>
          <Button onPress={() => this.setState({ cancelled: true })}>{t("Cancel")}</Button>
        </div>
      </div>
    );
  }
}

const deviceClass = (widget: LayoutWidget) => {
  const device = widget.$middleware?.visibility?.device;
  return device === "desktop" ? styles.hideOnMobile : device === "mobile" ? styles.hideOnDesktop : null;
};

/** One widget from the registry, in its error boundary, hidden on the other kind of device when asked. */
function WidgetHost({ widget }: { widget: LayoutWidget }) {
  const registry = useWidgetRegistry();
  const Widget = definitionOf(registry, widget.$reactComponent)?.component;
  const content = Widget ? (
    <WidgetErrorBoundary component={widget.$reactComponent}>
      <Widget {...widget.$reactProps} />
    </WidgetErrorBoundary>
  ) : (
    <UnknownWidget name={widget.$reactComponent} />
  );
  const hidden = deviceClass(widget);
  return hidden ? <div className={hidden}>{content}</div> : content;
}

/** Renders a layout's widgets in order, nested widgets through the sections that hold them. */
export function LayoutRenderer({ widgets }: { widgets: readonly LayoutWidget[] }) {
  return (
    <>
      {widgets.map((widget, index) => (
        <WidgetHost key={`${widget.$reactComponent}-${index}`} widget={widget} />
      ))}
    </>
  );
}
