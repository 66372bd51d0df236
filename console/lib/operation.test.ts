import { describe, expect, it } from 'vitest';
import { isLoading, operationStage, type OperationStatus } from './operation.ts';

describe('every data operation has request, success and failure stages with a loading flag (spec §4)', () => {
  it.each<[OperationStatus, string, boolean]>([
    [{ status: 'pending', fetchStatus: 'fetching' }, 'request', true],
    [{ status: 'pending', fetchStatus: 'idle' }, 'idle', false],
    [{ status: 'pending' }, 'request', true],
    [{ status: 'idle' }, 'idle', false],
    [{ status: 'success', fetchStatus: 'idle' }, 'success', false],
    [{ status: 'error', fetchStatus: 'idle' }, 'failure', false],
  ])('%j → %s', (status, stage, loading) => {
    expect(operationStage(status)).toBe(stage);
    expect(isLoading(status)).toBe(loading);
  });
});
