/** Create a definition (`/sla/definitions/new`) or edit one (`/sla/definitions/:id/edit`). */
import { useMutation, useQuery } from 'urql';
import { Link, useRouter, type ScreenProps } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { DefinitionForm } from './DefinitionForm';
import { createInputOf, fieldsOf, NEW_DEFINITION, updateInputOf, type DefinitionInput } from './definitionForm';
import { CREATE, EDITED, UPDATE } from './documents';
import './sla.css';

export function NewDefinitionScreen(_props: ScreenProps) {
  const { navigate } = useRouter();
  const [created, create] = useMutation(CREATE);
  const submit = async (input: DefinitionInput) => {
    const answer = await create({ input: createInputOf(input) });
    if (answer.data) navigate(`/sla/definitions/${answer.data.createSLADefinition.id}`);
  };
  return (
    <>
      <PageHeader title="New SLA definition" subtitle={<Link to="/sla/definitions">Back to the definitions</Link>} />
      <DefinitionForm
        initial={NEW_DEFINITION}
        submitLabel="Create definition"
        busy={created.fetching}
        error={created.error}
        onSubmit={(input) => void submit(input)}
        onCancel={() => navigate('/sla/definitions')}
      />
    </>
  );
}

export default function EditDefinitionScreen({ params }: ScreenProps) {
  const id = params['id'] ?? '';
  const { navigate } = useRouter();
  const [result] = useQuery({ query: EDITED, variables: { id } });
  const [updated, update] = useMutation(UPDATE);
  const definition = result.data?.slaDefinition;
  const submit = async (input: DefinitionInput) => {
    const answer = await update({ id, input: updateInputOf(input) });
    if (answer.data) navigate(`/sla/definitions/${id}`);
  };
  return (
    <>
      <PageHeader
        title={definition ? `Edit ${definition.name}` : 'Edit SLA definition'}
        subtitle={<Link to={`/sla/definitions/${id}`}>Back to the definition</Link>}
      />
      <ErrorNotice error={result.error} />
      {!result.data && result.fetching ? <Loading label="Loading the definition" /> : null}
      {result.data && !definition ? <p>There is no such definition; it may have been deleted.</p> : null}
      {definition ? (
        <DefinitionForm
          key={definition.id}
          initial={fieldsOf(definition)}
          submitLabel="Save changes"
          busy={updated.fetching}
          error={updated.error}
          onSubmit={(input) => void submit(input)}
          onCancel={() => navigate(`/sla/definitions/${id}`)}
        />
      ) : null}
    </>
  );
}
