/**
 * The report as a CSV file. The server's download paths take the machine API key, which a browser
 * session does not hold, so the file is made from the `csv` text the person's query already has.
 */
import { useEffect, useMemo } from 'react';

export function ReportDownload({ day, csv }: { day: string; csv: string }) {
  const href = useMemo(() => URL.createObjectURL(new Blob([csv], { type: 'text/csv' })), [csv]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <a className="button" href={href} download={`sla-report-${day}.csv`}>
      Download CSV
    </a>
  );
}
