import { Button } from '../Button.tsx';
import type { DataColumn } from './DataTable.tsx';

/** A column of one button per row (always shown), named for its row: "Install Demo Store", "Revoke Warehouse sync". */
export function actionColumn<T>(action: string, rowName: (row: T) => string, onPress: (row: T) => void): DataColumn<T> {
  return {
    id: action.toLowerCase(),
    header: action,
    hideable: false,
    cell: (row) => (
      <Button onClick={() => onPress(row)} aria-label={`${action} ${rowName(row)}`}>
        {action}
      </Button>
    ),
  };
}
