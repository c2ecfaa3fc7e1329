/**
 * Starts GraphiQL on GET /graphql. Loaded by the page as a module file (the page's CSP allows
 * no inline script); GraphiQL itself and Monaco's workers come from this server, copied from the
 * `@graphql-yoga/graphiql` package at build time (web/explorers/build.ts), never from a CDN.
 */

export {};

type TYogaGraphiQL = {
  renderYogaGraphiQL: (root: Element, options: Record<string, unknown>) => void;
};

const here = new URL('.', import.meta.url);

// Monaco runs its language services in workers. Same-origin worker files satisfy the CSP's
// script-src 'self' (yoga's CDN page fetched them into blob: URLs instead).
const workers: Record<string, string> = {
  editorWorkerService: new URL('monacoeditorwork/editor.worker.bundle.js', here).href,
  json: new URL('monacoeditorwork/json.worker.bundle.js', here).href,
  graphql: new URL('monacoeditorwork/graphql.worker..bundle.js', here).href,
};
Object.assign(globalThis, {
  MonacoEnvironment: {
    globalAPI: false,
    getWorkerUrl: (_moduleId: string, label: string) =>
      workers[label] ?? workers.editorWorkerService,
  },
});

/**
 * The console's session token in this browser (web/src/session/storage.ts keeps it under
 * `authToken` on this origin), or null: a signed-in console user's queries run as them.
 */
function consoleToken(): string | null {
  try {
    return window.localStorage.getItem('authToken');
  } catch {
    return null;
  }
}

const token = consoleToken();

const SIGN_IN_NOTE = token
  ? `# Feedboard's GraphQL API. You are signed in to the console
# in this browser, so queries run as you. To try an API key,
# put it in the Headers tab below (it takes the place of your
# session): {"Authorization": "Bearer <key>"}
# Run the query with Ctrl-Enter.`
  : `# Feedboard's GraphQL API. Sign in to the console in this
# browser and queries run as you; or put a session token or
# API key in the Headers tab below:
#   {"Authorization": "Bearer <token>"}
# then run the query (Ctrl-Enter).`;

const EXAMPLE = `${SIGN_IN_NOTE}
{
  viewer {
    user { displayName role }
    company { name slug }
  }
}
`;

/**
 * GraphiQL marks each query tab's <li> as the tab while a button inside it is what takes focus
 * (axe nested-interactive): the button becomes the tab and the <li> plain layout. Set again
 * whenever GraphiQL renders its tabs.
 */
function fixTabRoles(container: Element): void {
  const fix = () => {
    for (const item of container.querySelectorAll('li.graphiql-tab')) {
      const button = item.querySelector('button.graphiql-tab-button');
      if (!button) continue;
      const selected = item.getAttribute('aria-selected') ?? button.getAttribute('aria-selected');
      if (item.getAttribute('role') !== 'presentation') item.setAttribute('role', 'presentation');
      if (item.hasAttribute('aria-selected')) item.removeAttribute('aria-selected');
      if (button.getAttribute('role') !== 'tab') button.setAttribute('role', 'tab');
      if (selected && button.getAttribute('aria-selected') !== selected) {
        button.setAttribute('aria-selected', selected);
      }
    }
  };
  new MutationObserver(fix).observe(container, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-selected', 'role'],
  });
  fix();
}

const module = (await import(new URL('yoga-graphiql.es.js', here).href)) as TYogaGraphiQL;
const root = document.getElementById('root');
if (root) {
  root.textContent = '';
  fixTabRoles(root);
  module.renderYogaGraphiQL(root, {
    endpoint: '/graphql',
    title: document.title,
    query: EXAMPLE,
    // The console's session goes with every query under the same header name a person types in
    // the Headers tab, so a typed one (an API key) takes its place rather than joining it.
    additionalHeaders: token ? { Authorization: `Bearer ${token}` } : {},
    // Headers typed into the Headers tab are kept in this browser, tokens included: only on
    // the caller's own machine, as the console keeps its session token.
    shouldPersistHeaders: true,
  });
}
