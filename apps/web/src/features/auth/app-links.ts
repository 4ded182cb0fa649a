/** The Android download folder follows the mobile version the server reports (000 §2). */
export const androidDownloadUrl = (template: string, mobileVersion: string): string =>
  template.replaceAll('{version}', encodeURIComponent(mobileVersion));
