/**
 * A workflow as data, checked once into the contract's `WorkflowDefinition` (a template's YAML, the
 * built-in defaults in tests). The rules that make a workflow something the core can compile and a
 * ticket can finish:
 *
 * - names: the workflow's, its states' and its transitions' are non-empty; states and transitions
 *   are unique within the workflow (a transition is named by `transitionTicket`);
 * - every transition leaves from states that exist (or `*`, any state but a CLOSED one) and goes
 *   to a state that exists;
 * - exactly one initial state: `initialState` names a state, not a RESOLVED or CLOSED one;
 * - at least one state of category RESOLVED and one of category CLOSED (resolveTicket and
 *   closeTicket need somewhere to go);
 * - every state is reachable from the initial state (a state nothing leads to is a typo).
 */
import {
  STATUS_CATEGORIES,
  TICKET_TYPES,
  type TicketType,
  type WorkflowDefinition,
  type WorkflowState,
  type WorkflowStep,
  type WorkflowTransition,
} from '../ticketContract.js';
import { IssueList, type Checked, type IssuePath } from '../inputIssues.js';

export const ANY_STATE = '*';
export const WORKFLOW_LIMITS = {
  states: 50,
  transitions: 100,
  stepsPerTransition: 10,
  urlLength: 2048,
  headers: 20,
  bodyBytes: 64 * 1024,
  description: 2000,
} as const;
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const STEP_TYPES = ['HTTP_REQUEST', 'NOTIFY'] as const;

export function validateWorkflow(input: unknown, path: IssuePath = []): Checked<WorkflowDefinition> {
  const issues = new IssueList();
  const value = readWorkflow(input, path, issues);
  return issues.result(value);
}

/** Reads a workflow into `issues`; the returned value is meaningful only when no issue was added. */
export function readWorkflow(input: unknown, path: IssuePath, issues: IssueList): WorkflowDefinition {
  const fields = issues.record(input, path, ['name', 'description', 'ticketTypes', 'initialState', 'states', 'transitions']);
  if (!fields) return EMPTY;
  const name = issues.name(fields['name'], [...path, 'name']);
  const description = issues.optionalText(fields['description'], [...path, 'description'], WORKFLOW_LIMITS.description);
  const ticketTypes =
    fields['ticketTypes'] === undefined
      ? []
      : issues
          .list(fields['ticketTypes'], [...path, 'ticketTypes'], TICKET_TYPES.length)
          .map((t, i) => issues.oneOf(t, [...path, 'ticketTypes', i], TICKET_TYPES));
  issues.unique(ticketTypes, (i) => [...path, 'ticketTypes', i], 'ticket type');
  const states = issues
    .list(fields['states'], [...path, 'states'], WORKFLOW_LIMITS.states)
    .map((s, i) => readState(s, [...path, 'states', i], issues));
  const transitions = issues
    .list(fields['transitions'] ?? [], [...path, 'transitions'], WORKFLOW_LIMITS.transitions)
    .map((t, i) => readTransition(t, [...path, 'transitions', i], issues));
  const initialState = issues.name(fields['initialState'], [...path, 'initialState']);
  const workflow: WorkflowDefinition = { name, description, ticketTypes: ticketTypes as TicketType[], initialState, states, transitions };
  checkGraph(workflow, path, issues);
  return workflow;
}

function readState(input: unknown, path: IssuePath, issues: IssueList): WorkflowState {
  const fields = issues.record(input, path, ['name', 'category']);
  if (!fields) return { name: '', category: 'NEW' };
  return {
    name: issues.name(fields['name'], [...path, 'name']),
    category: issues.oneOf(fields['category'], [...path, 'category'], STATUS_CATEGORIES),
  };
}

function readTransition(input: unknown, path: IssuePath, issues: IssueList): WorkflowTransition {
  const fields = issues.record(input, path, ['name', 'from', 'to', 'steps']);
  if (!fields) return { name: '', from: [], to: '', steps: [] };
  const rawFrom = fields['from'];
  const from =
    typeof rawFrom === 'string'
      ? [issues.name(rawFrom, [...path, 'from'])]
      : issues.list(rawFrom, [...path, 'from'], WORKFLOW_LIMITS.states).map((s, i) => issues.name(s, [...path, 'from', i]));
  if (from.length === 0 && Array.isArray(rawFrom)) issues.add([...path, 'from'], 'must name at least one state (or "*")');
  const steps = issues
    .list(fields['steps'] ?? [], [...path, 'steps'], WORKFLOW_LIMITS.stepsPerTransition)
    .map((s, i) => readStep(s, [...path, 'steps', i], issues));
  issues.unique(
    steps.map((s) => s.name),
    (i) => [...path, 'steps', i, 'name'],
    'step',
  );
  return { name: issues.name(fields['name'], [...path, 'name']), from, to: issues.name(fields['to'], [...path, 'to']), steps };
}

export function readStep(input: unknown, path: IssuePath, issues: IssueList): WorkflowStep {
  const type =
    input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>)['type'] : undefined;
  const kind = issues.oneOf(type, [...path, 'type'], STEP_TYPES);
  switch (kind) {
    case 'HTTP_REQUEST': {
      const fields = issues.record(input, path, ['type', 'name', 'url', 'method', 'headers', 'body']);
      if (!fields) return PLACEHOLDER_STEP;
      const url = readUrl(fields['url'], [...path, 'url'], issues);
      const method = issues.oneOf(fields['method'] ?? 'POST', [...path, 'method'], HTTP_METHODS);
      const headers = readHeaders(fields['headers'], [...path, 'headers'], issues);
      const body = issues.optionalText(fields['body'], [...path, 'body'], WORKFLOW_LIMITS.bodyBytes);
      return {
        type: 'HTTP_REQUEST',
        name: issues.name(fields['name'], [...path, 'name']),
        url,
        method,
        ...(headers ? { headers } : {}),
        ...(body !== null ? { body } : {}),
      };
    }
    case 'NOTIFY': {
      const fields = issues.record(input, path, ['type', 'name', 'message']);
      if (!fields) return PLACEHOLDER_STEP;
      return {
        type: 'NOTIFY',
        name: issues.name(fields['name'], [...path, 'name']),
        message: issues.name(fields['message'], [...path, 'message'], 2000),
      };
    }
  }
}

/** The shape only; whether the address may be called is the outbound validator's question when the step runs (DNS changes). */
function readUrl(value: unknown, path: IssuePath, issues: IssueList): string {
  const text = issues.name(value, path, WORKFLOW_LIMITS.urlLength);
  if (text === '') return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    issues.add(path, 'must be an absolute http or https URL');
    return text;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') issues.add(path, `must be an http or https URL, not ${url.protocol}`);
  else if (url.username !== '' || url.password !== '')
    issues.add(path, 'must not carry credentials (user:password@); send a secret in a header');
  return text;
}

function readHeaders(value: unknown, path: IssuePath, issues: IssueList): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  const fields = issues.record(value, path, Object.keys(value as object));
  if (!fields) return undefined;
  const entries = Object.entries(fields);
  if (entries.length > WORKFLOW_LIMITS.headers)
    issues.add(path, `has ${entries.length} headers; at most ${WORKFLOW_LIMITS.headers} are allowed`);
  const headers: Record<string, string> = {};
  for (const [name, text] of entries) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) issues.add([...path, name], 'is not a valid header name');
    if (typeof text !== 'string' || /[\r\n\0]/.test(text)) issues.add([...path, name], 'must be a string without line breaks');
    else headers[name] = text;
  }
  return headers;
}

function checkGraph(workflow: WorkflowDefinition, path: IssuePath, issues: IssueList): void {
  const { states, transitions, initialState } = workflow;
  issues.unique(
    states.map((s) => s.name),
    (i) => [...path, 'states', i, 'name'],
    'state',
  );
  issues.unique(
    transitions.map((t) => t.name),
    (i) => [...path, 'transitions', i, 'name'],
    'transition',
  );
  const byName = new Map(states.map((s) => [s.name, s]));
  states.forEach((s, i) => {
    if (s.name === ANY_STATE)
      issues.add([...path, 'states', i, 'name'], `"${ANY_STATE}" is reserved (it means any state in a transition's from)`);
  });
  transitions.forEach((t, i) => {
    for (const from of t.from) {
      if (from !== '' && from !== ANY_STATE && !byName.has(from))
        issues.add([...path, 'transitions', i, 'from'], `names no state of this workflow: "${from}"`);
    }
    if (t.to !== '' && !byName.has(t.to)) issues.add([...path, 'transitions', i, 'to'], `names no state of this workflow: "${t.to}"`);
  });
  const initial = byName.get(initialState);
  if (initialState !== '' && !initial) issues.add([...path, 'initialState'], `names no state of this workflow: "${initialState}"`);
  else if (initial && (initial.category === 'RESOLVED' || initial.category === 'CLOSED'))
    issues.add([...path, 'initialState'], `a ticket cannot start in a ${initial.category} state`);
  if (states.length > 0) {
    for (const category of ['RESOLVED', 'CLOSED'] as const) {
      if (!states.some((s) => s.category === category)) issues.add([...path, 'states'], `needs at least one state of category ${category}`);
    }
  }
  if (!initial || !issues.empty) return;
  const reached = reachableStates(workflow);
  states.forEach((s, i) => {
    if (!reached.has(s.name))
      issues.add([...path, 'states', i], `state "${s.name}" cannot be reached from the initial state "${initialState}"`);
  });
}

/** The states a ticket can reach from the initial state (`*` leaves from any non-CLOSED state). */
export function reachableStates(workflow: WorkflowDefinition): Set<string> {
  const category = new Map(workflow.states.map((s) => [s.name, s.category]));
  const reached = new Set([workflow.initialState]);
  const queue = [workflow.initialState];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const t of workflow.transitions) {
      const leaves = t.from.includes(state) || (t.from.includes(ANY_STATE) && category.get(state) !== 'CLOSED');
      if (leaves && !reached.has(t.to)) {
        reached.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return reached;
}

/** Whether `transition` may leave `state` (of `workflow`). */
export function transitionLeaves(workflow: WorkflowDefinition, transition: WorkflowTransition, state: string): boolean {
  if (transition.from.includes(state)) return true;
  return transition.from.includes(ANY_STATE) && workflow.states.find((s) => s.name === state)?.category !== 'CLOSED';
}

const EMPTY: WorkflowDefinition = { name: '', description: null, ticketTypes: [], initialState: '', states: [], transitions: [] };
const PLACEHOLDER_STEP: WorkflowStep = { type: 'NOTIFY', name: '', message: '' };
