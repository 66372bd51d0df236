import type { FieldErrors } from '../../../renderers/contract/index.ts';

/** A save based on a version that is no longer the latest: the caller must reload, never overwrite. */
export class VersionConflictError extends Error {
  override readonly name = 'VersionConflictError';
  constructor(
    readonly currentVersion: number,
    readonly baseVersion: number,
  ) {
    super(`This document was changed elsewhere (version ${currentVersion}) since you opened version ${baseVersion}. Reload to see the latest changes.`);
  }
}

/** A document that does not satisfy renderers/contract; `errors` maps paths inside the document to messages. */
export class DocumentInvalidError extends Error {
  override readonly name = 'DocumentInvalidError';
  constructor(
    message: string,
    readonly errors: FieldErrors,
  ) {
    super(message);
  }
}

/** A version number that this store has not saved for this kind. */
export class VersionNotFoundError extends Error {
  override readonly name = 'VersionNotFoundError';
  constructor(readonly version: number) {
    super(`Version ${version} does not exist.`);
  }
}
