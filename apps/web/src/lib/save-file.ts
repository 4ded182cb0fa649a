/**
 * Hands a downloaded file to the browser's own download (the spreadsheet the admin opens):
 * an object URL on a link with `download`, clicked once and released afterwards.
 */
export const saveFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; release it once they have.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
