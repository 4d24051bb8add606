import { scratchDir } from "../support/scratch";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DB_PATH = `${scratchDir("e2e")}/e2e-${E2E_PORT}.db`;
export const E2E_DB_URL = `file:${E2E_DB_PATH}`;
