export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DB_PATH = new URL(`../../data/e2e/e2e-${E2E_PORT}.db`, import.meta.url).pathname;
export const E2E_DB_URL = `file:${E2E_DB_PATH}`;
