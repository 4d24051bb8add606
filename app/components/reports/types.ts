import type { ReportData } from "../../domain/metrics/reports.server";

export type { ReportData };
export type Report = NonNullable<ReportData["report"]>;
export type ReportParams = ReportData["params"];
