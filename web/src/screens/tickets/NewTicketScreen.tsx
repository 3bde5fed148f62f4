/**
 * Raising a ticket from the service catalog: a category, one of its items (which sets the type,
 * the workflow and the group), then what is wrong. Operators and admins may raise it for someone
 * else. Once created, the ticket's page opens.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useRouter, type ScreenProps } from '../../app/router';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { ServicePicker, UserPicker } from './pickers';
import { optionsOf, SEVERITY_LABEL, TYPE_LABEL, type Severity, type TicketType } from './ticketModel';
import { CATALOG, CREATE } from './documents';
import './tickets.css';

export default function NewTicketScreen(_props: ScreenProps) {
  const viewer = useViewer();
  const { navigate } = useRouter();
  const [catalog] = useQuery({ query: CATALOG });
  const [creating, create] = useMutation(CREATE);
  const [category, setCategory] = useState('');
  const [itemName, setItemName] = useState('');
  const [title, setTitle] = useState('');
  const [chosenType, setChosenType] = useState<TicketType>('INCIDENT');
  const [impact, setImpact] = useState<Severity>('MEDIUM');
  const [urgency, setUrgency] = useState<Severity>('MEDIUM');
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [requesterId, setRequesterId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);

  const header = <PageHeader title="New ticket" subtitle="Pick what it is about from the catalog, then describe it." />;
  // The heading stays whatever the catalog's answer: a refusal or the wait shows under it.
  if (catalog.error || !catalog.data) {
    return (
      <>
        {header}
        {catalog.error ? <ErrorNotice error={catalog.error} /> : <Loading label="Loading the catalog" />}
      </>
    );
  }
  const categories = catalog.data.availableCatalogCategories;
  const items = catalog.data.availableCatalogItems.filter((item) => item.categoryName === category);
  const item = items.find((i) => i.name === itemName) ?? null;
  // The item decides the type: createTicket refuses an item of another type.
  const type = item?.ticketType ?? chosenType;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setTitleError('Say in a few words what is wrong or what you need.');
      return;
    }
    setTitleError(null);
    const input = {
      title: title.trim(),
      description: description.trim() || null,
      type,
      impact,
      urgency,
      serviceId,
      catalogItemName: item?.name ?? null,
      ...(requesterId ? { requesterId } : {}),
    };
    const answer = await create({ input });
    const created = answer.data?.createTicket;
    if (created) navigate(`/tickets/${created.id}`);
  };

  return (
    <>
      {header}
      <form className="card stack ticket-new" onSubmit={(e) => void submit(e)} aria-label="New ticket">
        {categories.length === 0 ? (
          <p className="muted">
            The catalog is empty: an admin fills it with a ticketing template. You can still raise a ticket without an item.
          </p>
        ) : null}
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setItemName('');
          }}
          options={[
            { value: '', label: 'No category' },
            ...categories.map((c) => ({ value: c.name, label: c.description ? `${c.name} — ${c.description}` : c.name })),
          ]}
        />
        {category ? (
          <SelectField
            label="Catalog item"
            value={itemName}
            onChange={(e) => setItemName(e.target.value)}
            options={[{ value: '', label: 'Choose an item' }, ...items.map((i) => ({ value: i.name, label: i.name }))]}
            hint={
              item
                ? [item.description, `${TYPE_LABEL[item.ticketType]}`, item.group ? `goes to ${item.group.name}` : null]
                    .filter(Boolean)
                    .join(' · ')
                : undefined
            }
          />
        ) : null}
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={titleError} required />
        <SelectField
          label="Type"
          value={type}
          onChange={(e) => setChosenType(e.target.value as TicketType)}
          options={optionsOf(TYPE_LABEL)}
          disabled={item !== null}
          hint={item ? 'Set by the catalog item.' : undefined}
        />
        <div className="row">
          <SelectField
            label="Impact"
            value={impact}
            onChange={(e) => setImpact(e.target.value as Severity)}
            options={optionsOf(SEVERITY_LABEL)}
          />
          <SelectField
            label="Urgency"
            value={urgency}
            onChange={(e) => setUrgency(e.target.value as Severity)}
            options={optionsOf(SEVERITY_LABEL)}
          />
        </div>
        <ServicePicker label="Service" value={serviceId} onChange={setServiceId} emptyLabel="No service" />
        {viewer.role !== 'USER' ? <UserPicker label="Requester" value={requesterId} onChange={setRequesterId} emptyLabel="Me" /> : null}
        <TextAreaField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <ErrorNotice error={creating.error} />
        <div>
          <button type="submit" className="button-primary" disabled={creating.fetching}>
            {creating.fetching ? 'Creating…' : 'Create ticket'}
          </button>
        </div>
      </form>
    </>
  );
}
