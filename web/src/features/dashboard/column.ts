/** One dashboard column (Recent Videos or Recent Orders) as pages arrive. */
export interface Column<T> {
  items: T[];
  page: number;
  loading: boolean;
  failed: boolean;
  /** The server said the next page has rows: the only thing that shows Load More. */
  hasMore: boolean;
}

export const initialColumn = <T>(): Column<T> => ({ items: [], page: 0, loading: true, failed: false, hasMore: false });

/**
 * A page has arrived. The first replaces the column; a later one adds the rows not shown yet, since one started or
 * ordered after the first page pushes the rest one place down and its last row comes back at the top of the next.
 * A page made shorter that way still leaves Load More as the server said.
 */
export function loadedColumn<T extends { id: number }>(column: Column<T>, page: number, items: T[], hasMore: boolean): Column<T> {
  const shown = new Set(page === 1 ? [] : column.items.map((item) => item.id));
  return {
    items: page === 1 ? items : [...column.items, ...items.filter((item) => !shown.has(item.id))],
    page,
    loading: false,
    failed: false,
    hasMore,
  };
}

export const busyColumn = <T>(column: Column<T>): Column<T> => ({ ...column, loading: true });
export const failedColumn = <T>(column: Column<T>): Column<T> => ({ ...column, loading: false, failed: true });
