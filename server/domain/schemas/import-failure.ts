/** A row of an import file (orders or products) that was not imported, and why (rows count from 1). */
export interface ImportFailure {
  row: number;
  message: string;
}
