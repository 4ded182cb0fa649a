import { DASHBOARD_LOADER_MS, formatPesos, TEXT } from '@ichat/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Theme } from '@mui/material/styles';
import { PieChart } from '@mui/x-charts/PieChart';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { useReportsQuery } from '../api/queries';
import { ViewTitle } from '../requests-ui';
import { useDelayedReady } from '../use-timed-flag';

interface Slice {
  id: string;
  value: number;
  label: string;
}

/** Chart margins (001 §2): 5 on top, bottom and one side, 100 on the legend side. */
const CHART_MARGIN = { top: 5, bottom: 5, left: 5, right: 100 };
/** On a phone the legend goes under the pie, so the pie keeps the card's full width. */
const PHONE_CHART_MARGIN = { top: 5, bottom: 5, left: 5, right: 5 };
const CHART_HEIGHT = 220;
/** Status slices keep the badges' colours (the theme's, so the two never drift apart). */
const statusColors = (theme: Theme): Record<string, string> => ({
  pending: theme.palette.warning.main,
  approved: theme.palette.success.main,
  denied: theme.palette.error.main,
  withdrawn: theme.palette.neutral.main,
});

/** Dashboard (001 §2): 'User Report' pie charts, shown 1000 ms after the reports load. */
export function DashboardView({ hasApprovalPage }: { hasApprovalPage: boolean }) {
  const reports = useReportsQuery();
  useQueryErrorReport('GETTING_APPROVAL_LIST_ERROR', reports.error, reports.errorUpdatedAt);
  const isShown = useDelayedReady(reports.isSuccess, DASHBOARD_LOADER_MS);
  // Until then the page loader runs and each chart shows its own 'Loading data…' state.
  const data = isShown ? reports.data : undefined;
  const isLoading = !isShown && !reports.isError;
  const showAwaiting = hasApprovalPage || (data?.awaiting_me_by_type.length ?? 0) > 0;

  return (
    <Box>
      <ViewTitle>Dashboard</ViewTitle>
      {isLoading ? <LinearProgress aria-label="Loading dashboard" sx={{ mb: 2 }} /> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } }}>
        <ReportCard title="My requests by status" slices={data?.my_requests_by_status ?? []} isLoading={isLoading} />
        <ReportCard title="My requests by type" slices={data?.my_requests_by_type ?? []} isLoading={isLoading} />
        <ReportCard title="Amounts requested by month" slices={data?.amounts_by_month ?? []} isLoading={isLoading} isMoney />
        {showAwaiting ? <ReportCard title="Waiting for my approval" slices={data?.awaiting_me_by_type ?? []} isLoading={isLoading} /> : null}
      </Box>
    </Box>
  );
}

interface ReportCardProps {
  title: string;
  slices: Slice[];
  isLoading: boolean;
  isMoney?: boolean;
}

function ReportCard({ title, slices, isLoading, isMoney = false }: ReportCardProps) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const colors = statusColors(useTheme());
  const nonEmpty = slices.filter((slice) => slice.value > 0);
  const format = (value: number) => (isMoney ? formatPesos(value) : String(value));
  return (
    <Card variant="outlined" component="section" aria-label={`User Report: ${title}`} data-testid="report-card">
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="div">
          User Report
        </Typography>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <PieChart
          height={CHART_HEIGHT}
          loading={isLoading}
          margin={isPhone ? PHONE_CHART_MARGIN : CHART_MARGIN}
          localeText={{ noData: TEXT.chartEmpty, loading: TEXT.chartLoading }}
          series={[
            {
              data: nonEmpty.map((slice) => ({
                id: slice.id,
                value: slice.value,
                ...(colors[slice.id.toLowerCase()] ? { color: colors[slice.id.toLowerCase()] } : {}),
                label: isMoney ? `${slice.label}: ${formatPesos(slice.value)}` : slice.label,
              })),
              innerRadius: 0,
              paddingAngle: 1,
              cornerRadius: 2,
              highlightScope: { fade: 'global', highlight: 'item' },
              // 001 §2: faded slices are 5 smaller in radius (and the library's 0.3 opacity).
              faded: { additionalRadius: -5 },
              valueFormatter: (item) => format(item.value),
            },
          ]}
          slotProps={{
            legend: isPhone
              ? { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } }
              : { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } },
          }}
        />
        {nonEmpty.length > 0 ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
            Total: {format(nonEmpty.reduce((sum, slice) => sum + slice.value, 0))}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
