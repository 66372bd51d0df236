/**
 * spec §4: every data operation goes through request, success and failure stages with loading
 * flags. React Query tracks them; this names them as the spec does.
 */
export type OperationStage = 'idle' | 'request' | 'success' | 'failure';

export interface OperationStatus {
  status: 'idle' | 'pending' | 'error' | 'success';
  /** queries only: 'idle' while a pending query is disabled */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
}

export function operationStage({ status, fetchStatus }: OperationStatus): OperationStage {
  if (status === 'error') return 'failure';
  if (status === 'success') return 'success';
  if (status === 'idle' || fetchStatus === 'idle') return 'idle';
  return 'request';
}

export const isLoading = (operation: OperationStatus) => operationStage(operation) === 'request';
