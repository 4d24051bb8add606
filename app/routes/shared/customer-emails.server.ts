// After a request is answered (Solicitações, the agenda), the customer's e-mail queued with the
// answer goes out right after the professional has their page back; if it cannot, the scheduled
// job sends it at its next run (docs/decisions/0671).
import type { RouterContextProvider } from "react-router";
import type { CustomerEmailKind } from "../../domain/notifications/customer-emails.server";
import { deliverQueuedNow } from "../../domain/notifications/job.server";
import { afterResponse } from "../../utils/background.server";
import { getDb } from "../../utils/db.server";
import { transportFromEnv } from "../../utils/email.server";

export function sendCustomerEmailSoon(context: Readonly<RouterContextProvider>, kind: CustomerEmailKind, requestId: string) {
  afterResponse(context, () => deliverQueuedNow(getDb(context), [`${kind}:${requestId}`], transportFromEnv()));
}
