/** What jsdom lacks and React Aria uses (its focus scope and overlays call CSS.escape); call once per jsdom test file. */
export function installAriaJsdomPolyfills(): void {
  if (!globalThis.CSS?.escape) Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) } });
}
