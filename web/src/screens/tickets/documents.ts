/** The ticket screens' GraphQL documents; the shapes of their answers are generated (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type {
  TicketsAddCommentMutation,
  TicketsAddCommentMutationVariables,
  TicketsAssignGroupsQuery,
  TicketsAssignGroupsQueryVariables,
  TicketsAssignMutation,
  TicketsAssignMutationVariables,
  TicketsAttachmentsQuery,
  TicketsAttachmentsQueryVariables,
  TicketsByNumberQuery,
  TicketsByNumberQueryVariables,
  TicketsCatalogQuery,
  TicketsCatalogQueryVariables,
  TicketsCloseMutation,
  TicketsCloseMutationVariables,
  TicketsCommentsQuery,
  TicketsCommentsQueryVariables,
  TicketsCreateMutation,
  TicketsCreateMutationVariables,
  TicketsDeleteAttachmentMutation,
  TicketsDeleteAttachmentMutationVariables,
  TicketsDeleteCommentMutation,
  TicketsDeleteCommentMutationVariables,
  TicketsDeleteMutation,
  TicketsDeleteMutationVariables,
  TicketsDeleteWorkMutation,
  TicketsDeleteWorkMutationVariables,
  TicketsEditCommentMutation,
  TicketsEditCommentMutationVariables,
  TicketsEntityEventsSubscription,
  TicketsEntityEventsSubscriptionVariables,
  TicketsGroupsQuery,
  TicketsGroupsQueryVariables,
  TicketsLinkMutation,
  TicketsLinkMutationVariables,
  TicketsListQuery,
  TicketsListQueryVariables,
  TicketsLogWorkMutation,
  TicketsLogWorkMutationVariables,
  TicketsMineQuery,
  TicketsMineQueryVariables,
  TicketsNotificationsSubscription,
  TicketsNotificationsSubscriptionVariables,
  TicketsPauseSlaMutation,
  TicketsPauseSlaMutationVariables,
  TicketsRelationTargetQuery,
  TicketsRelationTargetQueryVariables,
  TicketsRelationsQuery,
  TicketsRelationsQueryVariables,
  TicketsReopenMutation,
  TicketsReopenMutationVariables,
  TicketsResolveMutation,
  TicketsResolveMutationVariables,
  TicketsRestoreMutation,
  TicketsRestoreMutationVariables,
  TicketsResumeSlaMutation,
  TicketsResumeSlaMutationVariables,
  TicketsServiceSearchQuery,
  TicketsServiceSearchQueryVariables,
  TicketsStatusHistoryQuery,
  TicketsStatusHistoryQueryVariables,
  TicketsTicketPageQuery,
  TicketsTicketPageQueryVariables,
  TicketsTransitionMutation,
  TicketsTransitionMutationVariables,
  TicketsUnlinkMutation,
  TicketsUnlinkMutationVariables,
  TicketsUnwatchMutation,
  TicketsUnwatchMutationVariables,
  TicketsUpdateMutation,
  TicketsUpdateMutationVariables,
  TicketsUserSearchQuery,
  TicketsUserSearchQueryVariables,
  TicketsWatchMutation,
  TicketsWatchMutationVariables,
  TicketsWatchersQuery,
  TicketsWatchersQueryVariables,
  TicketsWorklogQuery,
  TicketsWorklogQueryVariables,
} from '../../gql/graphql';

export const TICKET_EVENTS = gql<TicketsEntityEventsSubscription, TicketsEntityEventsSubscriptionVariables>`
  subscription TicketsEntityEvents($entityId: ID!) {
    entityEvents(entityType: "ticket", entityId: $entityId) {
      event
      entityId
      at
    }
  }
`;

export const TICKET_NOTIFICATIONS = gql<TicketsNotificationsSubscription, TicketsNotificationsSubscriptionVariables>`
  subscription TicketsNotifications {
    notificationReceived {
      notification {
        id
        type
        entityType
        entityId
      }
    }
  }
`;

export const USERS = gql<TicketsUserSearchQuery, TicketsUserSearchQueryVariables>`
  query TicketsUserSearch($search: String) {
    users(filter: { search: $search, active: true }, limit: 20) {
      id
      username
      displayName
    }
  }
`;

export const SERVICES = gql<TicketsServiceSearchQuery, TicketsServiceSearchQueryVariables>`
  query TicketsServiceSearch($search: String) {
    services(filter: { search: $search }, limit: 20) {
      id
      name
      displayName
      nodeId
    }
  }
`;

export const WORKLOG = gql<TicketsWorklogQuery, TicketsWorklogQueryVariables>`
  query TicketsWorklog($ticketId: ID!) {
    ticketWorklog(ticketId: $ticketId, limit: 200) {
      totalMinutes
      count
      entries {
        id authorId minutes note workedAt
        author { id username displayName }
      }
    }
  }
`;

export const LOG = gql<TicketsLogWorkMutation, TicketsLogWorkMutationVariables>`
  mutation TicketsLogWork($ticketId: ID!, $minutes: Int!, $note: String) {
    logTicketWork(ticketId: $ticketId, minutes: $minutes, note: $note) { id minutes }
  }
`;

export const TICKETS_DELETE_WORK = gql<TicketsDeleteWorkMutation, TicketsDeleteWorkMutationVariables>`
  mutation TicketsDeleteWork($id: ID!) {
    deleteTicketWorklog(id: $id)
  }
`;

export const WATCHERS = gql<TicketsWatchersQuery, TicketsWatchersQueryVariables>`
  query TicketsWatchers($ticketId: ID!) {
    ticketWatchers(ticketId: $ticketId) {
      userId since
      user { id username displayName }
    }
  }
`;

export const WATCH = gql<TicketsWatchMutation, TicketsWatchMutationVariables>`
  mutation TicketsWatch($ticketId: ID!, $userId: ID) {
    watchTicket(ticketId: $ticketId, userId: $userId) { userId }
  }
`;

export const UNWATCH = gql<TicketsUnwatchMutation, TicketsUnwatchMutationVariables>`
  mutation TicketsUnwatch($ticketId: ID!, $userId: ID) {
    unwatchTicket(ticketId: $ticketId, userId: $userId)
  }
`;

export const TICKET = gql<TicketsTicketPageQuery, TicketsTicketPageQueryVariables>`
  query TicketsTicketPage($id: ID!) {
    ticket(id: $id) {
      id number title description type status statusCategory workflowName availableTransitions impact urgency priority
      catalogItemName requesterId assigneeId responseDueAt resolutionDueAt minutesUntilDue slaPaused responseBreached resolutionBreached
      respondedAt resolvedAt createdAt updatedAt deletedAt
      service { id name displayName }
      requester { id username displayName }
      assignee { id username displayName }
      group { id name }
    }
    availableWorkflows {
      name
      states { name category }
      transitions { name to }
    }
  }
`;

export const ALL_TICKETS = gql<TicketsListQuery, TicketsListQueryVariables>`
  query TicketsList($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {
    tickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {
      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt
      assignee { id username displayName }
      group { id name }
    }
    ticketCount(filter: $filter)
  }
`;

export const MY_TICKETS = gql<TicketsMineQuery, TicketsMineQueryVariables>`
  query TicketsMine($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {
    myTickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {
      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt
      assignee { id username displayName }
      group { id name }
    }
  }
`;

export const TICKETS_GROUPS = gql<TicketsGroupsQuery, TicketsGroupsQueryVariables>`
  query TicketsGroups {
    availableGroups {
      id
      name
    }
  }
`;

export const UPDATE = gql<TicketsUpdateMutation, TicketsUpdateMutationVariables>`
  mutation TicketsUpdate($id: ID!, $input: UpdateTicketInput!) {
    updateTicket(id: $id, input: $input) { id title description impact urgency priority minutesUntilDue responseDueAt resolutionDueAt updatedAt }
  }
`;

export const TICKETS_BY_NUMBER = gql<TicketsByNumberQuery, TicketsByNumberQueryVariables>`
  query TicketsByNumber($number: String!) {
    ticketByNumber(number: $number) { id }
  }
`;

export const TRANSITION = gql<TicketsTransitionMutation, TicketsTransitionMutationVariables>`
  mutation TicketsTransition($id: ID!, $transition: String!) {
    transitionTicket(id: $id, transition: $transition) { id status statusCategory availableTransitions slaPaused updatedAt }
  }
`;

export const RESOLVE = gql<TicketsResolveMutation, TicketsResolveMutationVariables>`
  mutation TicketsResolve($id: ID!) {
    resolveTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }
  }
`;

export const CLOSE = gql<TicketsCloseMutation, TicketsCloseMutationVariables>`
  mutation TicketsClose($id: ID!) {
    closeTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }
  }
`;

export const REOPEN = gql<TicketsReopenMutation, TicketsReopenMutationVariables>`
  mutation TicketsReopen($id: ID!) {
    reopenTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }
  }
`;

export const PAUSE = gql<TicketsPauseSlaMutation, TicketsPauseSlaMutationVariables>`
  mutation TicketsPauseSla($id: ID!) {
    pauseTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }
  }
`;

export const RESUME = gql<TicketsResumeSlaMutation, TicketsResumeSlaMutationVariables>`
  mutation TicketsResumeSla($id: ID!) {
    resumeTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }
  }
`;

export const TICKETS_DELETE = gql<TicketsDeleteMutation, TicketsDeleteMutationVariables>`
  mutation TicketsDelete($id: ID!) {
    deleteTicket(id: $id)
  }
`;

export const RESTORE = gql<TicketsRestoreMutation, TicketsRestoreMutationVariables>`
  mutation TicketsRestore($id: ID!) {
    restoreTicket(id: $id) { id deletedAt updatedAt }
  }
`;

export const RELATIONS = gql<TicketsRelationsQuery, TicketsRelationsQueryVariables>`
  query TicketsRelations($ticketId: ID!) {
    ticketRelations(ticketId: $ticketId) {
      id type relatedTicketId
      relatedTicket { id number title status }
    }
  }
`;

export const TICKETS_RELATION_TARGET = gql<TicketsRelationTargetQuery, TicketsRelationTargetQueryVariables>`
  query TicketsRelationTarget($number: String!) {
    ticketByNumber(number: $number) { id number }
  }
`;

export const LINK = gql<TicketsLinkMutation, TicketsLinkMutationVariables>`
  mutation TicketsLink($sourceId: ID!, $targetId: ID!, $type: TicketRelationType!) {
    linkTickets(sourceId: $sourceId, targetId: $targetId, type: $type) { id }
  }
`;

export const UNLINK = gql<TicketsUnlinkMutation, TicketsUnlinkMutationVariables>`
  mutation TicketsUnlink($sourceId: ID!, $targetId: ID!) {
    unlinkTickets(sourceId: $sourceId, targetId: $targetId)
  }
`;

export const CATALOG = gql<TicketsCatalogQuery, TicketsCatalogQueryVariables>`
  query TicketsCatalog {
    availableCatalogCategories { name description itemCount }
    availableCatalogItems { name categoryName description ticketType workflowName group { id name } }
  }
`;

export const CREATE = gql<TicketsCreateMutation, TicketsCreateMutationVariables>`
  mutation TicketsCreate($input: CreateTicketInput!) {
    createTicket(input: $input) { id number }
  }
`;

export const HISTORY = gql<TicketsStatusHistoryQuery, TicketsStatusHistoryQueryVariables>`
  query TicketsStatusHistory($ticketId: ID!) {
    ticketStatusHistory(ticketId: $ticketId) {
      id fromStatus toStatus transition at
      actor { id username displayName }
    }
  }
`;

export const COMMENTS = gql<TicketsCommentsQuery, TicketsCommentsQueryVariables>`
  query TicketsComments($ticketId: ID!) {
    ticketComments(ticketId: $ticketId, limit: 500) {
      total
      comments {
        id authorId system body createdAt editedAt
        author { id username displayName }
      }
    }
  }
`;

export const ADD = gql<TicketsAddCommentMutation, TicketsAddCommentMutationVariables>`
  mutation TicketsAddComment($ticketId: ID!, $body: String!) {
    addTicketComment(ticketId: $ticketId, body: $body) { id body }
  }
`;

export const EDIT = gql<TicketsEditCommentMutation, TicketsEditCommentMutationVariables>`
  mutation TicketsEditComment($id: ID!, $body: String!) {
    editTicketComment(id: $id, body: $body) { id body editedAt }
  }
`;

export const TICKETS_DELETE_COMMENT = gql<TicketsDeleteCommentMutation, TicketsDeleteCommentMutationVariables>`
  mutation TicketsDeleteComment($id: ID!) {
    deleteTicketComment(id: $id)
  }
`;

export const ATTACHMENTS = gql<TicketsAttachmentsQuery, TicketsAttachmentsQueryVariables>`
  query TicketsAttachments($ticketId: ID!) {
    ticketAttachments(ticketId: $ticketId) {
      id fileName contentType size createdAt downloadUrl
      uploadedBy { id username displayName }
    }
  }
`;

export const DELETE_ATTACHMENT = gql<TicketsDeleteAttachmentMutation, TicketsDeleteAttachmentMutationVariables>`
  mutation TicketsDeleteAttachment($id: ID!) {
    deleteTicketAttachment(id: $id)
  }
`;

export const TICKETS_ASSIGN_GROUPS = gql<TicketsAssignGroupsQuery, TicketsAssignGroupsQueryVariables>`
  query TicketsAssignGroups {
    availableGroups { id name }
  }
`;

export const ASSIGN = gql<TicketsAssignMutation, TicketsAssignMutationVariables>`
  mutation TicketsAssign($id: ID!, $assigneeId: ID, $groupId: ID) {
    assignTicket(id: $id, assigneeId: $assigneeId, groupId: $groupId) {
      id assigneeId groupId updatedAt
      assignee { id username displayName }
      group { id name }
    }
  }
`;
