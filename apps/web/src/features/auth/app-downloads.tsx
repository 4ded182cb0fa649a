import AndroidIcon from '@mui/icons-material/Android';
import AppleIcon from '@mui/icons-material/Apple';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AppVersion } from './queries';

function DownloadLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link
      href={href}
      underline="hover"
      variant="body2"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}
    >
      {icon}
      {children}
    </Link>
  );
}

export function AppDownloads({ version }: { version: AppVersion }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', pt: 3, mt: 3, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1 }}>
        <DownloadLink href={version.androidUrl} icon={<AndroidIcon fontSize="small" />}>
          Download for Android
        </DownloadLink>
        <DownloadLink href={version.iosUrl} icon={<AppleIcon fontSize="small" />}>
          Download for iOS
        </DownloadLink>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Version {version.appVersion}
      </Typography>
    </Stack>
  );
}
