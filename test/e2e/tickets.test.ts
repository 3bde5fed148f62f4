/**
 * The tickets area in a real browser against a real server with the ticketing plugin active: a
 * ticket raised from the catalog through the form, commented, given a file that is then downloaded
 * byte for byte, resolved, and found in the list with its new state; a ticket created by another
 * client appearing in the open list; the plugin switched off explained, not crashed.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, it } from 'node:test';
import { systemClock } from '../../src/platform/scheduler/index.js';
import { assertNoPageProblems, describeInBrowser, saveScreenshot, signIn, waitForText, type ConsolePage } from '../support/browser.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, gql, personWithRole, signInAdmin } from '../support/graphql.js';
import { activated, LICENSE_ENV, licenseToken, TOGGLE } from '../support/license.js';
import { imported } from '../support/templates.js';
import { createTicket } from '../support/tickets.js';

const CATALOG = `version: 1
catalog:
  categories:
    - { name: Access, description: Accounts and permissions }
  items:
    - name: VPN access
      category: Access
      description: A VPN account for a new colleague
      ticketType: SERVICE_REQUEST
`;

describeInBrowser('the tickets area in a browser', () => {
  const suite = consoleSuite({ env: LICENSE_ENV });

  before(async () => {
    await activated(suite.server, licenseToken(systemClock));
    await imported(suite.server, CATALOG);
  });

  const open = async (username = ADMIN_USERNAME, password = ADMIN_PASSWORD): Promise<ConsolePage> => {
    const page = await suite.open({ acceptDownloads: true });
    await signIn(page.page, suite.server.consoleUrl, username, password);
    return page;
  };

  it('raises a ticket from the catalog, comments, attaches and downloads a file, resolves it, and the list shows it resolved', async () => {
    const { page, problems } = await open();
    await page.goto(`${suite.server.consoleUrl}tickets/new`);
    await page.getByLabel('Category').selectOption('Access');
    await page.getByLabel('Catalog item').selectOption('VPN access');
    await page.getByLabel('Title', { exact: true }).fill('VPN for the new SRE');
    await page.getByLabel('Impact').selectOption('HIGH');
    await page.getByLabel('Description').fill('Starts Monday, needs the ops network.');
    assert.equal(await page.getByLabel('Type').inputValue(), 'SERVICE_REQUEST', 'the catalog item sets the type');
    await saveScreenshot(page, 'tickets-create-form');
    await page.getByRole('button', { name: 'Create ticket' }).click();

    await page.waitForURL(/\/app\/tickets\/[0-9a-f-]{36}$/);
    await waitForText(page.locator('h1'), /^REQ-\d+ VPN for the new SRE$/);
    await waitForText(page.getByTestId('ticket-status'), 'NEW');
    const number = (await page.locator('h1 .muted').textContent())!.trim();

    await page.getByLabel('Add a comment').fill('Account requested from the VPN team.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await waitForText(page.locator('.ticket-comment-body'), 'Account requested from the VPN team.');
    await waitForText(page.locator('#ticket-comments'), 'Comments (1)');

    const content = Buffer.from(`client config for ${number}\n`);
    await page.getByLabel('Attach files').setInputFiles({ name: 'vpn-config.ovpn', mimeType: 'text/plain', buffer: content });
    await page.getByRole('button', { name: 'Upload' }).click();
    const fileButton = page.getByRole('button', { name: 'vpn-config.ovpn', exact: true });
    await fileButton.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), fileButton.click()]);
    assert.equal(download.suggestedFilename(), 'vpn-config.ovpn');
    assert.deepEqual(await readFile((await download.path())!), content, 'the downloaded file is the uploaded one');

    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    await waitForText(page.getByTestId('ticket-status'), 'FULFILLED');
    await waitForText(page.locator('#ticket-history').locator('..'), /NEW → FULFILLED \(resolve\)/);
    await saveScreenshot(page, 'tickets-ticket-page');

    await page.getByRole('link', { name: 'All tickets' }).click();
    const row = page.locator(`tr[data-ticket-number="${number}"]`);
    await waitForText(row.locator('td').nth(2), /^FULFILLED \(Resolved\)$/);
    await page.getByLabel('Status', { exact: true }).selectOption('RESOLVED');
    await page.waitForURL(/[?&]status=RESOLVED/);
    await row.waitFor();
    await saveScreenshot(page, 'tickets-list');
    assertNoPageProblems(problems);
  });

  it('opens a ticket by number, pauses and resumes its SLA, logs work, watches it and links another ticket by number', async () => {
    const admin = await signInAdmin(suite.server);
    const [first, second] = [
      await createTicket(suite.server, admin, { title: 'Printer jams on floor 2' }),
      await createTicket(suite.server, admin, { title: 'Printer jams on floor 3' }),
    ];
    const { page, problems } = await open();
    await page.goto(`${suite.server.consoleUrl}tickets/number/${first.number}`);
    await page.waitForURL(new RegExp(`/app/tickets/${first.id}$`));
    await waitForText(page.locator('h1'), `${first.number} Printer jams on floor 2`);

    await page.getByRole('button', { name: 'Pause SLA' }).click();
    await waitForText(page.locator('.page-subtitle .ticket-due'), 'SLA paused');
    await page.getByRole('button', { name: 'Resume SLA' }).click();
    await waitForText(page.locator('.page-subtitle .ticket-due'), /^Response due in /);

    await page.getByLabel('Minutes').fill('25');
    await page.getByLabel('Note').fill('Cleared the paper path');
    await page.getByRole('button', { name: 'Log work' }).click();
    await waitForText(page.locator('#ticket-worklog'), 'Work log (25 min)');

    await page.getByRole('button', { name: 'Watch', exact: true }).click();
    await waitForText(page.locator('#ticket-watchers'), 'Watchers (1)');
    await page.getByRole('button', { name: 'Stop watching' }).waitFor();

    await page.getByLabel('Relation').selectOption('DUPLICATED_BY');
    await page.getByLabel('Other ticket number').fill(second.number.toLowerCase());
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await waitForText(page.locator('#ticket-relations'), 'Related tickets (1)');
    await page.getByRole('link', { name: second.number }).waitFor();
    await page.getByLabel('Other ticket number').fill('INC-999999');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await waitForText(page.locator('.field-error'), 'No ticket INC-999999 that you may read. Check the number.');

    await page
      .getByLabel('Attach files')
      .setInputFiles({ name: 'core.dump', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await waitForText(page.getByRole('alert'), /^core\.dump is 10\.0 MiB\. Too large: a file may have at most 10\.0 MiB/);
    assertNoPageProblems(problems);
  });

  it('shows who else views the ticket, and a title someone else is editing is read-only with their name', async () => {
    const admin = await signInAdmin(suite.server);
    const ticket = await createTicket(suite.server, admin, { title: 'Badge reader offline' });
    const operator = await personWithRole(suite.server, admin, 'OPERATOR', 'desk-operator');
    const [mine, theirs] = [await open(), await open(operator.username, operator.password)];
    await Promise.all([
      mine.page.goto(`${suite.server.consoleUrl}tickets/${ticket.id}`),
      theirs.page.goto(`${suite.server.consoleUrl}tickets/${ticket.id}`),
    ]);
    await waitForText(mine.page.getByTestId('also-viewing'), /Also viewing: desk-operator/);
    await waitForText(theirs.page.getByTestId('also-viewing'), /Also viewing: admin/);

    await mine.page.getByLabel('Title', { exact: true }).focus();
    const theirTitle = theirs.page.getByLabel('Title', { exact: true });
    await waitForText(theirs.page.locator('.locked-field .field-hint'), 'admin is editing');
    assert.equal(await theirTitle.getAttribute('readonly'), '', 'read-only while admin edits');

    await mine.page.getByLabel('Title', { exact: true }).fill('Badge reader offline, east door');
    await mine.page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForText(theirs.page.locator('h1'), `${ticket.number} Badge reader offline, east door`);
    await theirs.page.waitForFunction("!document.querySelector('.locked-field input').hasAttribute('readonly')");
    await saveScreenshot(theirs.page, 'tickets-ticket-locked-title');
    assertNoPageProblems(mine.problems);
    assertNoPageProblems(theirs.problems);
  });

  it('a description someone else is editing is read-only with their name; the one they save shows in the Description section', async () => {
    const admin = await signInAdmin(suite.server);
    const ticket = await createTicket(suite.server, admin, { title: 'Backups slow on nas-2' });
    const operator = await personWithRole(suite.server, admin, 'OPERATOR', 'describing-operator');
    const [mine, theirs] = [await open(), await open(operator.username, operator.password)];
    await Promise.all([
      mine.page.goto(`${suite.server.consoleUrl}tickets/${ticket.id}`),
      theirs.page.goto(`${suite.server.consoleUrl}tickets/${ticket.id}`),
    ]);
    const myDescription = mine.page.getByRole('textbox', { name: 'Description' });
    const theirDescription = theirs.page.getByRole('textbox', { name: 'Description' });
    await theirDescription.waitFor();

    await myDescription.focus();
    await waitForText(theirs.page.locator('.locked-field[data-lock="theirs"] .field-hint'), 'admin is editing');
    assert.equal(await theirDescription.getAttribute('readonly'), '', 'read-only while admin edits');

    await myDescription.fill('Nightly backup of nas-2 takes 9 h since Monday.\nThe 02:00 window overruns.');
    await mine.page.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForText(
      theirs.page.locator('.ticket-description'),
      /^Nightly backup of nas-2 takes 9 h since Monday\.\s+The 02:00 window overruns\.$/,
    );
    await theirs.page.waitForFunction("!document.querySelector('.locked-field textarea').hasAttribute('readonly')");
    const res = await gql(suite.server, 'query($id: ID!) { ticket(id: $id) { description } }', { id: ticket.id }, admin.accessToken);
    assert.equal(res.data.ticket.description, 'Nightly backup of nas-2 takes 9 h since Monday.\nThe 02:00 window overruns.');
    assertNoPageProblems(mine.problems);
    assertNoPageProblems(theirs.problems);
  });

  it('an admin adds a colleague as a watcher and removes them again; a requester is offered neither', async () => {
    const admin = await signInAdmin(suite.server);
    const colleague = await personWithRole(suite.server, admin, 'OPERATOR', 'watching-operator');
    const ticket = await createTicket(suite.server, admin, { title: 'Disk latency on db-7' });
    const watcherIds = async () => {
      const res = await gql(
        suite.server,
        'query($t: ID!) { ticketWatchers(ticketId: $t) { userId } }',
        { t: ticket.id },
        admin.accessToken,
      );
      assert.equal(res.errors, undefined, res.text);
      return (res.data.ticketWatchers as { userId: string }[]).map((w) => w.userId);
    };
    const { page, problems } = await open();
    await page.goto(`${suite.server.consoleUrl}tickets/${ticket.id}`);
    const form = page.getByRole('form', { name: 'Add a watcher' });
    await form.getByLabel('Search person to add').fill('watching-op');
    await form.getByLabel('Person to add', { exact: true }).selectOption({ label: colleague.username });
    await form.getByRole('button', { name: 'Add watcher' }).click();
    await waitForText(page.locator('#ticket-watchers'), 'Watchers (1)');
    await page.getByRole('list', { name: 'Watchers' }).getByText(colleague.username).waitFor();
    assert.deepEqual(await watcherIds(), [colleague.userId]);
    await saveScreenshot(page, 'ticket-watchers');

    await page.getByRole('button', { name: `Remove ${colleague.username} from the watchers` }).click();
    await waitForText(page.locator('#ticket-watchers'), 'Watchers (0)');
    assert.deepEqual(await watcherIds(), []);
    assertNoPageProblems(problems);

    const requester = await personWithRole(suite.server, admin, 'USER', 'watching-requester');
    const own = await createTicket(suite.server, requester, { title: 'Badge does not open door 4' });
    const second = await open(requester.username, requester.password);
    await second.page.goto(`${suite.server.consoleUrl}tickets/${own.id}`);
    await second.page.getByRole('button', { name: 'Watch', exact: true }).waitFor();
    assert.equal(await second.page.getByRole('form', { name: 'Add a watcher' }).count(), 0, 'a requester cannot add others');
    assertNoPageProblems(second.problems);
  });

  it('a requester sees their ticket under My tickets and is told why they may not resolve it', async () => {
    const admin = await signInAdmin(suite.server);
    const requester = await personWithRole(suite.server, admin, 'USER', 'plain-requester');
    const ticket = await createTicket(suite.server, requester, { title: 'Monitor flickers' });
    const { page, problems } = await open(requester.username, requester.password);
    await page.getByRole('link', { name: 'My tickets' }).click();
    await page.getByRole('link', { name: ticket.number }).click();
    await waitForText(page.locator('h1'), `${ticket.number} Monitor flickers`);
    assert.equal(await page.getByRole('button', { name: 'Delete', exact: true }).count(), 0, 'a user can never delete a ticket');
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    await waitForText(
      page.getByRole('group', { name: 'Ticket actions' }).getByRole('alert'),
      `you may not transition ticket ${ticket.number}: docs/ticketing-roles.md says who may`,
    );
    await waitForText(page.getByTestId('ticket-status'), 'NEW');
    assertNoPageProblems(problems);
  });

  it('an admin deletes a ticket after confirming, and restores it from the same page', async () => {
    const admin = await signInAdmin(suite.server);
    const ticket = await createTicket(suite.server, admin, { title: 'Duplicate of the printer jam' });
    const { page, problems } = await open();
    await page.goto(`${suite.server.consoleUrl}tickets/${ticket.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm delete' }).click();
    await waitForText(page.locator('h1'), 'Ticket not found');
    await waitForText(page.getByRole('status'), /^The ticket was deleted/);
    const listed = await gql(suite.server, `{ ticketByNumber(number: "${ticket.number}") { id } }`, undefined, admin.accessToken);
    assert.equal(listed.data.ticketByNumber, null, 'deleted on the server');
    await page.getByRole('button', { name: 'Restore the ticket' }).click();
    await waitForText(page.locator('h1'), `${ticket.number} Duplicate of the printer jam`);
    assertNoPageProblems(problems);
  });

  it('a ticket another client creates appears in the open list without a reload', async () => {
    const { page, problems } = await open();
    await page.goto(`${suite.server.consoleUrl}tickets`);
    await page.getByRole('heading', { name: 'All tickets' }).waitFor();
    const admin = await signInAdmin(suite.server);
    const ticket = await createTicket(suite.server, admin, { title: 'Disk full on build agent' });
    await page.locator(`tr[data-ticket-number="${ticket.number}"]`).waitFor();
    await waitForText(page.locator('.ticket-live'), /Live: 1 ticket change/);
    assertNoPageProblems(problems);
  });

  it('says how to activate the plugin when ticketing is switched off', async () => {
    const admin = await signInAdmin(suite.server);
    const off = await gql(suite.server, TOGGLE, { n: 'ticketing', e: false }, admin.accessToken);
    assert.equal(off.errors, undefined, off.text);
    try {
      const { page, problems } = await open();
      await page.goto(`${suite.server.consoleUrl}tickets`);
      // Issue 27 (item C): a calm notice of what the plugin adds and how to turn it on, no longer the server's refusal as an alert.
      await waitForText(
        page.getByTestId('plugin-notice'),
        /It is licensed, and an admin switched it off\. Switch it on under Administration › Licence and plugins\.$/,
      );
      assertNoPageProblems(problems);
    } finally {
      const on = await gql(suite.server, TOGGLE, { n: 'ticketing', e: true }, admin.accessToken);
      assert.equal(on.errors, undefined, on.text);
    }
  });
});
