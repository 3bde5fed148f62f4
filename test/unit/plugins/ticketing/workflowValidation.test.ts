/**
 * Workflows as data (issue 17, part 3): what makes a workflow one the core can compile and a
 * ticket can finish, as a table of invalid workflows with the path and the reason each names.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pathText } from '../../../../src/plugins/ticketing/inputIssues.js';
import { TICKET_TYPES } from '../../../../src/plugins/ticketing/ticketContract.js';
import { builtInWorkflowFor, DEFAULT_WORKFLOWS } from '../../../../src/plugins/ticketing/workflows/defaultWorkflows.js';
import { reachableStates, validateWorkflow } from '../../../../src/plugins/ticketing/workflows/workflowValidation.js';

/** A small valid workflow in the shape a template gives (plain data). */
function base(): any {
  return {
    name: 'Support',
    ticketTypes: ['INCIDENT'],
    initialState: 'Open',
    states: [
      { name: 'Open', category: 'NEW' },
      { name: 'Working', category: 'IN_PROGRESS' },
      { name: 'Done', category: 'RESOLVED' },
      { name: 'Archived', category: 'CLOSED' },
    ],
    transitions: [
      { name: 'work', from: ['Open'], to: 'Working' },
      { name: 'resolve', from: '*', to: 'Done' },
      {
        name: 'close',
        from: ['Done'],
        to: 'Archived',
        steps: [
          {
            type: 'HTTP_REQUEST',
            name: 'tell',
            url: 'https://hooks.example.com/x',
            method: 'POST',
            headers: { 'x-token': 'abc' },
            body: '{}',
          },
        ],
      },
    ],
  };
}

function refused(input: unknown): string[] {
  const result = validateWorkflow(input);
  assert.equal(result.ok, false, 'expected the workflow to be refused');
  return result.ok ? [] : result.issues.map((i) => `${pathText(i.path)}: ${i.message}`);
}

describe('workflow validation', () => {
  it('accepts a valid workflow and returns it typed, with defaults (no description, no steps)', () => {
    const result = validateWorkflow(base());
    assert.ok(result.ok, JSON.stringify(!result.ok && result.issues));
    assert.equal(result.value.description, null);
    assert.deepEqual(result.value.transitions[0]!.steps, []);
    assert.deepEqual(result.value.transitions[1]!.from, ['*']);
    assert.equal(result.value.transitions[2]!.steps[0]!.type, 'HTTP_REQUEST');
  });

  it('every built-in workflow is valid, and every ticket type has one', () => {
    for (const workflow of DEFAULT_WORKFLOWS) {
      const result = validateWorkflow(JSON.parse(JSON.stringify(workflow)));
      assert.ok(result.ok, `${workflow.name}: ${JSON.stringify(!result.ok && result.issues)}`);
    }
    assert.deepEqual(
      TICKET_TYPES.map((t) => builtInWorkflowFor(t).name),
      ['Incident', 'Service request', 'Incident', 'Change'],
    );
  });

  it('the built-in Incident workflow: NEW -> IN_PROGRESS -> WAITING -> RESOLVED -> CLOSED, reopened from RESOLVED', () => {
    const incident = builtInWorkflowFor('INCIDENT');
    assert.deepEqual(
      incident.states.map((s) => `${s.name}:${s.category}`),
      ['NEW:NEW', 'IN_PROGRESS:IN_PROGRESS', 'WAITING:WAITING', 'RESOLVED:RESOLVED', 'CLOSED:CLOSED'],
    );
    const reopen = incident.transitions.find((t) => t.name === 'reopen');
    assert.deepEqual(reopen && { from: reopen.from, to: reopen.to }, { from: ['RESOLVED'], to: 'IN_PROGRESS' });
    assert.deepEqual([...reachableStates(incident)].sort(), ['CLOSED', 'IN_PROGRESS', 'NEW', 'RESOLVED', 'WAITING']);
  });

  const cases: [string, (w: any) => void, RegExp][] = [
    ['an unknown field (a typo)', (w) => (w.intialState = 'Open'), /intialState: unknown field "intialState"/],
    ['no name', (w) => delete w.name, /^name: must be a non-empty string/],
    ['a blank name', (w) => (w.name = '   '), /^name: must be a non-empty string/],
    ['an unknown ticket type', (w) => (w.ticketTypes = ['BUG']), /ticketTypes\[0\]: must be one of INCIDENT/],
    [
      'a ticket type twice',
      (w) => (w.ticketTypes = ['INCIDENT', 'INCIDENT']),
      /ticketTypes\[1\]: ticket type "INCIDENT" is defined more than once/,
    ],
    [
      'two states of one name',
      (w) => w.states.push({ name: 'Open', category: 'WAITING' }),
      /states\[4\]\.name: state "Open" is defined more than once/,
    ],
    [
      'two transitions of one name',
      (w) => w.transitions.push({ name: 'work', from: ['Done'], to: 'Working' }),
      /transitions\[3\]\.name: transition "work" is defined more than once/,
    ],
    [
      'an unknown category',
      (w) => (w.states[1].category = 'DOING'),
      /states\[1\]\.category: must be one of NEW, IN_PROGRESS, WAITING, RESOLVED, CLOSED/,
    ],
    [
      'a transition from an unknown state',
      (w) => (w.transitions[0].from = ['Opened']),
      /transitions\[0\]\.from: names no state of this workflow: "Opened"/,
    ],
    [
      'a transition to an unknown state',
      (w) => (w.transitions[0].to = 'Wroking'),
      /transitions\[0\]\.to: names no state of this workflow: "Wroking"/,
    ],
    ['a transition from no state', (w) => (w.transitions[0].from = []), /transitions\[0\]\.from: must name at least one state/],
    ['no initial state', (w) => delete w.initialState, /^initialState: must be a non-empty string/],
    ['an initial state that does not exist', (w) => (w.initialState = 'Start'), /^initialState: names no state of this workflow: "Start"/],
    ['a CLOSED initial state', (w) => (w.initialState = 'Archived'), /^initialState: a ticket cannot start in a CLOSED state/],
    ['no RESOLVED state', (w) => (w.states[2].category = 'IN_PROGRESS'), /^states: needs at least one state of category RESOLVED/],
    ['no CLOSED state', (w) => (w.states[3].category = 'RESOLVED'), /^states: needs at least one state of category CLOSED/],
    [
      'a state nothing leads to',
      (w) => w.states.push({ name: 'Limbo', category: 'WAITING' }),
      /states\[4\]: state "Limbo" cannot be reached from the initial state "Open"/,
    ],
    ['a state named "*"', (w) => w.states.push({ name: '*', category: 'WAITING' }), /states\[4\]\.name: "\*" is reserved/],
    [
      'an unknown step type',
      (w) => (w.transitions[0].steps = [{ type: 'EMAIL', name: 'x' }]),
      /steps\[0\]\.type: must be one of HTTP_REQUEST, NOTIFY/,
    ],
    [
      'an HTTP step with a non-http URL',
      (w) => (w.transitions[2].steps[0].url = 'file:///etc/passwd'),
      /steps\[0\]\.url: must be an http or https URL, not file:/,
    ],
    [
      'an HTTP step with credentials in the URL',
      (w) => (w.transitions[2].steps[0].url = 'https://u:p@hooks.example.com/'),
      /steps\[0\]\.url: must not carry credentials/,
    ],
    [
      'an HTTP step with a relative URL',
      (w) => (w.transitions[2].steps[0].url = '/hooks'),
      /steps\[0\]\.url: must be an absolute http or https URL/,
    ],
    [
      'an HTTP step with an unknown method',
      (w) => (w.transitions[2].steps[0].method = 'TRACE'),
      /steps\[0\]\.method: must be one of GET, POST, PUT, PATCH, DELETE/,
    ],
    [
      'an HTTP header with a line break',
      (w) => (w.transitions[2].steps[0].headers = { 'x-a': 'b\r\nx-evil: 1' }),
      /headers\.x-a: must be a string without line breaks/,
    ],
    [
      'an HTTP header with a bad name',
      (w) => (w.transitions[2].steps[0].headers = { 'x a': 'b' }),
      /headers\.x a: is not a valid header name/,
    ],
    [
      'two steps of one name',
      (w) => w.transitions[2].steps.push({ ...w.transitions[2].steps[0] }),
      /steps\[1\]\.name: step "tell" is defined more than once/,
    ],
    [
      'too many states',
      (w) => (w.states = Array.from({ length: 51 }, (_, i) => ({ name: `s${i}`, category: 'NEW' }))),
      /^states: has 51 entries; at most 50/,
    ],
  ];
  for (const [label, change, expected] of cases) {
    it(`refuses a workflow with ${label}`, () => {
      const workflow = base();
      change(workflow);
      const issues = refused(workflow);
      assert.ok(
        issues.some((i) => expected.test(i)),
        `expected ${expected} among:\n${issues.join('\n')}`,
      );
    });
  }

  for (const input of [null, 'Incident', 42, [base()]]) {
    it(`refuses ${JSON.stringify(input)?.slice(0, 20)} as a workflow (not a mapping)`, () => {
      assert.deepEqual(refused(input), ['(document): must be a mapping']);
    });
  }
});
