// A deposit ('sinal') already received for an appointment, deducted when it is closed.
// Deposits are marked on the `deposits` branch of issue 22 (deposit state on booking requests and
// appointments); until it is merged no deposit is ever recorded as received, so this is 0. The
// lead wires it to that state.
export function depositReceivedCents(_appointment: { id: string; bookingRequestId: string | null }): number {
  return 0;
}
