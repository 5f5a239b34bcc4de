import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { Provider } from "oidc-provider";

/*
 * A real OpenID provider (node-oidc-provider) on a random local port, for the sign-in tests. Its login screen
 * signs in whichever account the test names (`signInAs`), and consent is given at once. RP-initiated logout is on:
 * its discovery names an `end_session_endpoint`, whose page asks "Yes, sign me out" (a form with its xsrf field). The test may also make
 * the provider's token answer dishonest (`tamper`): the ID token's claims changed and signed again with the
 * provider's own key (a forged audience, nonce or expiry that a client must refuse), or changed without signing.
 */

export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  preferred_username: string;
  name?: string;
  picture?: string;
  roles?: string[];
  /** A nested claim (an OAuth 2 profile's keys in a dotted path). */
  details?: Record<string, unknown>;
}

type Claims = Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  clientID: string;
  /** A second client, of the same secret, that authenticates at the token address in the body (client_secret_post). */
  postClientID: string;
  secret: string;
  /** The account the next login at the provider signs in. */
  signInAs(account: ProviderAccount): void;
  /** How many times the provider asked for a login (a browser with a provider session is not asked). */
  readonly logins: number;
  /**
   * An access token for the account, got as a client of its own would (the authorization code flow with PKCE, the
   * browser's part done here), with the profile scopes: what an app hands to `POST /tokens/oauth`.
   */
  accessTokenFor(account: ProviderAccount): Promise<string>;
  /** Changes where the provider sends the browser back to (its state, its code; null: honest again). */
  tamperRedirect(change: ((callback: URL) => URL) | null): void;
  /** Changes the ID token of the next token answers (null: honest again); `resign: false` keeps the old signature. */
  tamper(change: ((claims: Claims) => Claims) | null, options?: { resign?: boolean }): void;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Claims;
const encode = (value: Claims) => Buffer.from(JSON.stringify(value)).toString("base64url");

function rewriteIdToken(token: string, change: (claims: Claims) => Claims, key: KeyObject, resign: boolean): string {
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const signed = `${header}.${encode(change(decode(payload)))}`;
  if (!resign) return `${signed}.${signature}`;
  return `${signed}.${sign("sha256", Buffer.from(signed), key).toString("base64url")}`;
}

/** Starts the provider for a client whose redirect URIs are given (the forum's callback addresses). */
export async function startTestProvider(options: {
  redirectUris: string[];
  /** Where the provider may send the browser back to after signing out (the forum's home page). */
  postLogoutRedirectUris?: string[];
  /** False: a provider without RP-initiated logout (no `end_session_endpoint`). */
  endSession?: boolean;
}): Promise<TestProvider> {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" };
  const clientID = "parley-test";
  const secret = randomBytes(24).toString("base64url");
  const accounts = new Map<string, ProviderAccount>();
  let next: ProviderAccount | null = null;
  let logins = 0;
  let redirecting: ((callback: URL) => URL) | null = null;
  let tampering: { change: (claims: Claims) => Claims; resign: boolean } | null = null;

  // The public address first (the issuer), the provider itself behind it.
  const front = createServer();
  const frontPort = await listen(front);
  const issuer = `http://127.0.0.1:${frontPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientID,
        client_secret: secret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
      {
        client_id: `${clientID}-post`,
        client_secret: secret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["preferred_username", "name", "picture", "roles", "details"],
    },
    // The ID token carries the claims asked for, so the forum needs no userinfo call (it may still make one).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600, Interaction: 600 },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: options.endSession !== false,
        // The provider's own confirmation page, plain (the default one loads a web font).
        logoutSource: (ctx: { body: unknown }, form: string) => {
          ctx.body = `<!doctype html><html lang="en"><head><title>Sign out</title></head><body><h1>Sign out of the test provider?</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button></body></html>`;
        },
      },
    },
    findAccount: (_context: unknown, id: string) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: async () => ({ ...account }) } : undefined;
    },
  });
  provider.proxy = true;
  const back = createServer(provider.callback());
  const backPort = await listen(back);

  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      if (!next) throw new Error("The test named no account to sign in at the provider.");
      accounts.set(next.sub, next);
      logins += 1;
      await provider.interactionFinished(req, res, { login: { accountId: next.sub } });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope ?? "openid");
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
  }

  function forward(req: IncomingMessage, res: ServerResponse) {
    const isToken = req.method === "POST" && req.url === "/token" && tampering !== null;
    const upstream = httpRequest(
      { host: "127.0.0.1", port: backPort, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        if (!isToken || !tampering) {
          const location = answer.headers.location;
          const back = location && options.redirectUris.some((uri) => location.startsWith(`${uri}?`));
          const headers =
            back && redirecting ? { ...answer.headers, location: redirecting(new URL(location)).href } : answer.headers;
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Claims;
          if (typeof body["id_token"] === "string" && tampering)
            body["id_token"] = rewriteIdToken(body["id_token"], tampering.change, privateKey, tampering.resign);
          const text = JSON.stringify(body);
          const headers = { ...answer.headers, "content-length": String(Buffer.byteLength(text)) };
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(text);
        });
      },
    );
    req.pipe(upstream);
  }

  front.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "GET" && req.url?.startsWith("/interaction/")) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    forward(req, res);
  });

  return {
    issuer,
    clientID,
    postClientID: `${clientID}-post`,
    secret,
    signInAs(account) {
      next = account;
    },
    get logins() {
      return logins;
    },
    async accessTokenFor(account) {
      next = account;
      const redirectUri = options.redirectUris[0]!;
      const verifier = randomBytes(32).toString("base64url");
      const start = new URL(`${issuer}/auth`);
      start.search = new URLSearchParams({
        client_id: clientID,
        response_type: "code",
        redirect_uri: redirectUri,
        scope: "openid email profile",
        state: randomBytes(8).toString("hex"),
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
      }).toString();
      const jar = new Map<string, string>();
      let at = start.href;
      for (let step = 0; step < 12 && !at.startsWith(`${redirectUri}?`); step += 1) {
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
        const response = await fetch(at, { redirect: "manual", headers: cookie ? { cookie } : {} });
        for (const header of response.headers.getSetCookie()) {
          const [name, ...value] = header.split(";")[0]!.split("=");
          jar.set(name!, value.join("="));
        }
        const location = response.headers.get("location");
        if (!location) throw new Error(`The provider answered ${response.status}: ${await response.text()}`);
        at = new URL(location, at).href;
      }
      const code = new URL(at).searchParams.get("code");
      if (!code) throw new Error(`The provider sent no code back: ${at}`);
      const answer = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${clientID}:${secret}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }).toString(),
      });
      const tokens = (await answer.json()) as { access_token?: string };
      if (!tokens.access_token) throw new Error(`The provider gave no access token: ${JSON.stringify(tokens)}`);
      return tokens.access_token;
    },
    tamperRedirect(change) {
      redirecting = change;
    },
    tamper(change, { resign = true } = {}) {
      tampering = change ? { change, resign } : null;
    },
    async close() {
      await close(front);
      await close(back);
    },
  };
}
