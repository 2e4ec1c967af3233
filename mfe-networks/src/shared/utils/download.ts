/**
 * Saves CSV text as a file (the audit log's and the metrics' exports): an export needs the bearer
 * token and the API key, so no plain link can fetch it.
 */
export const downloadCsv = (text: string, name: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
