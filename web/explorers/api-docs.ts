export {};

/**
 * Starts the REST API reference on GET /api/v1/docs: Swagger UI over /api/v1/openapi.json.
 * Loaded by the page as a file (its CSP allows no inline script); Swagger UI comes from this
 * server, copied from the `swagger-ui-dist` package at build time (web/explorers/build.ts).
 */

type TSwaggerUI = (options: Record<string, unknown>) => unknown;

const SwaggerUIBundle = (globalThis as unknown as { SwaggerUIBundle?: TSwaggerUI }).SwaggerUIBundle;
const root = document.getElementById('swagger-ui');
/**
 * Names Swagger UI's server picker, which it renders inside an empty <label> (axe select-name).
 * Its markup offers no hook for this, so the name is set when the element appears.
 */
function nameServerPicker(container: Element): void {
  const label = 'API server';
  const name = () => {
    const picker = container.querySelector('select#servers');
    if (picker && !picker.hasAttribute('aria-label')) picker.setAttribute('aria-label', label);
  };
  new MutationObserver(name).observe(container, { childList: true, subtree: true });
  name();
}

if (SwaggerUIBundle && root) {
  nameServerPicker(root);
  root.textContent = '';
  SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    domNode: root,
    // The default asks validator.swagger.io for a badge: no request leaves this server.
    validatorUrl: null,
    // Deep links put a link inside each operation's toggle button (nested-interactive in axe).
    deepLinking: false,
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
}
