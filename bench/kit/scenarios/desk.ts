/**
 * `desk`: the service desk at work: tickets created from the catalog (a catalog item of the target,
 * when it has any), commented, moved along their workflow and resolved. The lifecycle steps take
 * tickets this run created; until one exists, a step reads the ticket list instead. Needs the
 * ticketing plugin licensed on the target and a person who may work tickets (--user).
 */
import type { Stream } from '../operation.js';
import type { Knob, Prepared, Scenario, ScenarioContext } from '../scenario.js';
import { graphqlData, graphqlOperation } from './graphqlOperation.js';

export const DESK_KNOBS: readonly Knob[] = [
  { name: 'ticketsPerSecond', description: 'tickets created per second', default: 1 },
  { name: 'commentsPerTicket', description: 'comments per ticket', default: 2 },
  { name: 'transitionsPerTicket', description: 'workflow transitions per ticket (before it is resolved)', default: 1 },
  { name: 'resolvedShare', description: 'share of the tickets resolved', default: 0.8 },
];

const CREATE = 'mutation($i: CreateTicketInput!) { createTicket(input: $i) { id availableTransitions } }';
const COMMENT = 'mutation($id: ID!, $b: String!) { addTicketComment(ticketId: $id, body: $b) { id } }';
const TRANSITION = 'mutation($id: ID!, $t: String!) { transitionTicket(id: $id, transition: $t) { id availableTransitions } }';
const RESOLVE = 'mutation($id: ID!) { resolveTicket(id: $id) { id } }';
const LIST = 'query { tickets(limit: 20) { id number status } }';

interface OpenTicket {
  readonly id: string;
  transitions: readonly string[];
}

const notClosing = (transitions: readonly string[]) => transitions.filter((t) => !/resolv|clos|cancel/i.test(t));

export const deskScenario: Scenario = {
  name: 'desk',
  description: 'tickets created from the catalog, commented, moved along their workflow and resolved (ticketing plugin)',
  knobs: DESK_KNOBS,
  needsUser: true,
  async prepare(context: ScenarioContext): Promise<Prepared> {
    const token = context.target.token!;
    let items: Array<{ name: string; ticketType: string }>;
    try {
      items = (await graphqlData(context.target.base, token, 'query { availableCatalogItems { name ticketType } }')).availableCatalogItems;
    } catch (error) {
      throw new Error(
        `desk needs the ticketing plugin licensed on the target and a person who may work tickets: ${(error as Error).message}`,
      );
    }
    const open: OpenTicket[] = [];
    const knobs = context.knobs;
    const rate = knobs['ticketsPerSecond']!;
    const pick = () => (open.length === 0 ? undefined : open[Math.floor(context.random() * open.length)]);
    const remember = (body: Buffer) => {
      const ticket = (JSON.parse(body.toString('utf8')) as { data?: { createTicket?: { id: string; availableTransitions: string[] } } })
        .data?.createTicket;
      if (ticket) open.push({ id: ticket.id, transitions: ticket.availableTransitions });
    };
    const list = () => graphqlOperation('ticket.list', token, LIST, {});
    const streams: Stream[] = [
      {
        kind: 'rate',
        perSecond: rate,
        next: (i) => {
          const item = items.length > 0 ? items[i % items.length] : undefined;
          const input = {
            title: `svc-bench ${context.prefix} ticket ${i}`,
            description: 'created by svc-bench',
            type: item?.ticketType ?? 'INCIDENT',
            impact: 'LOW',
            urgency: 'MEDIUM',
            ...(item ? { catalogItemName: item.name } : {}),
          };
          return graphqlOperation('ticket.create', token, CREATE, { i: input }, remember);
        },
      },
      {
        kind: 'rate',
        perSecond: rate * knobs['commentsPerTicket']!,
        next: (i) => {
          const ticket = pick();
          return ticket ? graphqlOperation('ticket.comment', token, COMMENT, { id: ticket.id, b: `svc-bench comment ${i}` }) : list();
        },
      },
      {
        kind: 'rate',
        perSecond: rate * knobs['transitionsPerTicket']!,
        next: () => {
          const ticket = open.find((t) => notClosing(t.transitions).length > 0);
          if (!ticket) return list();
          const transition = notClosing(ticket.transitions)[0]!;
          ticket.transitions = [];
          return graphqlOperation('ticket.transition', token, TRANSITION, { id: ticket.id, t: transition }, (body) => {
            const moved = (JSON.parse(body.toString('utf8')) as { data?: { transitionTicket?: { availableTransitions: string[] } } }).data
              ?.transitionTicket;
            if (moved) ticket.transitions = moved.availableTransitions;
          });
        },
      },
      {
        kind: 'rate',
        perSecond: rate * knobs['resolvedShare']!,
        next: () => {
          // The oldest open ticket is resolved (and leaves the pool: nothing comments it afterwards).
          const ticket = open.shift();
          return ticket ? graphqlOperation('ticket.resolve', token, RESOLVE, { id: ticket.id }) : list();
        },
      },
    ];
    return { streams: streams.filter((s) => s.kind !== 'rate' || s.perSecond > 0) };
  },
};
