/** Create a definition (`/sla/definitions/new`) or edit one (`/sla/definitions/:id/edit`). */
import { gql, useMutation, useQuery } from 'urql';
import { Link, useRouter, type ScreenProps } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { DefinitionForm } from './DefinitionForm';
import { createInputOf, fieldsOf, NEW_DEFINITION, updateInputOf, type DefinitionInput } from './definitionForm';
import type { SlaDefinition } from './slaTypes';
import './sla.css';

const CREATE = gql`
  mutation SlaCreateDefinition($input: CreateSLADefinitionInput!) {
    createSLADefinition(input: $input) {
      id
      name
    }
  }
`;

const EDITED = gql`
  query SlaDefinitionToEdit($id: ID!) {
    slaDefinition(id: $id) {
      id
      name
      description
      targetPercent
      period
      degradedCountsAsDown
      timeZone
      raiseTicket
      ticketCatalogItem
      updatedAt
      burnRates {
        fast {
          threshold
          longWindowMinutes
          shortWindowMinutes
        }
        slow {
          threshold
          longWindowMinutes
          shortWindowMinutes
        }
      }
    }
  }
`;

const UPDATE = gql`
  mutation SlaUpdateDefinition($id: ID!, $input: UpdateSLADefinitionInput!) {
    updateSLADefinition(id: $id, input: $input) {
      id
      name
      description
      targetPercent
      period
      degradedCountsAsDown
      timeZone
      raiseTicket
      ticketCatalogItem
      updatedAt
      burnRates {
        fast {
          threshold
          longWindowMinutes
          shortWindowMinutes
        }
        slow {
          threshold
          longWindowMinutes
          shortWindowMinutes
        }
      }
    }
  }
`;

export function NewDefinitionScreen(_props: ScreenProps) {
  const { navigate } = useRouter();
  const [created, create] = useMutation<{ createSLADefinition: { id: string } }>(CREATE);
  const submit = async (input: DefinitionInput) => {
    const answer = await create({ input: createInputOf(input) });
    if (answer.data) navigate(`/sla/definitions/${answer.data.createSLADefinition.id}`);
  };
  return (
    <>
      <PageHeader title="New SLA definition" subtitle={<Link to="/sla/definitions">Back to the definitions</Link>} />
      <DefinitionForm initial={NEW_DEFINITION} submitLabel="Create definition" busy={created.fetching} error={created.error} onSubmit={(input) => void submit(input)} onCancel={() => navigate('/sla/definitions')} />
    </>
  );
}

export default function EditDefinitionScreen({ params }: ScreenProps) {
  const id = params['id'] ?? '';
  const { navigate } = useRouter();
  const [result] = useQuery<{ slaDefinition: SlaDefinition | null }>({ query: EDITED, variables: { id } });
  const [updated, update] = useMutation(UPDATE);
  const definition = result.data?.slaDefinition;
  const submit = async (input: DefinitionInput) => {
    const answer = await update({ id, input: updateInputOf(input) });
    if (answer.data) navigate(`/sla/definitions/${id}`);
  };
  return (
    <>
      <PageHeader title={definition ? `Edit ${definition.name}` : 'Edit SLA definition'} subtitle={<Link to={`/sla/definitions/${id}`}>Back to the definition</Link>} />
      <ErrorNotice error={result.error} />
      {!result.data && result.fetching ? <Loading label="Loading the definition" /> : null}
      {result.data && !definition ? <p>There is no such definition; it may have been deleted.</p> : null}
      {definition ? (
        <DefinitionForm key={definition.id} initial={fieldsOf(definition)} submitLabel="Save changes" busy={updated.fetching} error={updated.error} onSubmit={(input) => void submit(input)} onCancel={() => navigate(`/sla/definitions/${id}`)} />
      ) : null}
    </>
  );
}
