import type { ReportData } from "../../utils/reports.server";

export type { ReportData };
export type Report = NonNullable<ReportData["report"]>;
export type ReportParams = ReportData["params"];
