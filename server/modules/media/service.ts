/** Media: the store's uploaded images, stored, listed and served by their key. */
export { findImage, listImages, readImage, saveImage } from './gallery.ts';
