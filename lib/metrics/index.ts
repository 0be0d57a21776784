/**
 * The metric engine: reads a financial question (parseMetricQuestion), computes the metric or
 * judgement from a company's line items (computeMetric) and writes the cited answer
 * (formatMetricAnswer). Used by the compute_metric agent tool.
 */
export { asksForQualifiedFigure, parseMetricQuestion } from "./parse";
export { asksHow } from "./question";
export { computeMetric } from "./compute";
export { formatMetricAnswer, statedResults } from "./answer";
export { CATALOG, type CatalogEntry } from "./catalog";
export { formulaWords } from "./words";
export type {
  Aggregate,
  AnswerFormat,
  Expr,
  Judgement,
  MetricFormula,
  MetricInput,
  MetricRequest,
  MetricResult,
  MetricUnit,
  MissingInput,
  PeriodRef,
  PeriodValue,
} from "./types";
