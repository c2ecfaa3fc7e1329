// Placeholder console page until the console issues land: shows whether the server is healthy.
const status = document.getElementById('status');

async function showHealth(): Promise<void> {
  if (!status) return;
  try {
    const response = await fetch('/healthz');
    const body = (await response.json()) as { status: string; databaseKind: string };
    status.textContent =
      body.status === 'ok'
        ? `Server healthy (database: ${body.databaseKind}).`
        : 'The server cannot reach its database.';
  } catch {
    status.textContent = 'The server is not reachable.';
  }
}

void showHealth();
