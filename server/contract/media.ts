/** The image gallery and the icon library: the media module's contract. */
export * from '../modules/media/contract.ts';
