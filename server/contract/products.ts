/** The catalogue lists: the products module's contract; the product import: the orders module's, which runs every import. */
export * from '../modules/products/contract.ts';
export { importRecord, productImportBody, type ImportRecord, type ProductImportBody } from '../modules/orders/contract.ts';
