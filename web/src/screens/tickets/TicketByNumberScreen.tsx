/** `/tickets/number/INC-000042`: finds the ticket by its number and opens its page. */
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { Link, useRouter, type ScreenProps } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { TICKETS_BY_NUMBER } from './documents';

export default function TicketByNumberScreen({ params }: ScreenProps) {
  const number = (params['number'] ?? '').toUpperCase();
  const { navigate } = useRouter();
  const [result] = useQuery({ query: TICKETS_BY_NUMBER, variables: { number } });
  const id = result.data?.ticketByNumber?.id;
  useEffect(() => {
    if (id) navigate(`/tickets/${id}`, { replace: true });
  }, [id, navigate]);
  if (result.error) return <ErrorNotice error={result.error} />;
  if (result.data && !id) {
    return (
      <>
        <PageHeader title={`Ticket ${number}`} />
        <div className="notice notice-warn" role="status">
          No ticket {number} that you may read. <Link to="/tickets">Back to the tickets</Link>
        </div>
      </>
    );
  }
  return <Loading label={`Opening ${number}`} />;
}
