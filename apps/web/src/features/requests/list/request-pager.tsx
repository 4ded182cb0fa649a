import { REQUEST_PAGE_SIZE } from '@ichat/shared';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';

/** Under a request list: which rows are shown of how many, and the pages, once there is more than one. */
export function RequestPager({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const pages = Math.ceil(total / REQUEST_PAGE_SIZE);
  if (pages <= 1) return null;
  const first = Math.min(total, (page - 1) * REQUEST_PAGE_SIZE + 1);
  const last = Math.min(total, page * REQUEST_PAGE_SIZE);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
      <Typography variant="body2" color="text.secondary" data-testid="request-range">
        {first}–{last} of {total}
      </Typography>
      <Pagination
        count={pages}
        page={Math.min(page, pages)}
        onChange={(_event, next) => onChange(next)}
        color="primary"
        shape="rounded"
        siblingCount={1}
        getItemAriaLabel={(type, item, isSelected) =>
          type === 'page' ? `${isSelected ? 'Page' : 'Go to page'} ${item ?? ''}`.trim() : type === 'next' ? 'Next page' : type === 'previous' ? 'Previous page' : type === 'first' ? 'First page' : 'Last page'
        }
      />
    </Box>
  );
}
