/** What every table shows without rows (SPEC §2). */
export const NO_DATA_TEXT = 'No data ...';

export function NoDataRow({ colSpan }: { colSpan: number }) {
  return (
    <tr>
      <td colSpan={colSpan} className="text-center text-muted">
        {NO_DATA_TEXT}
      </td>
    </tr>
  );
}
