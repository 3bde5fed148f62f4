/**
 * Webhook header values on the console's webhook page (issue 27, item 9), in a real browser against a
 * real server: the page lists a header's name and that a value is set, never the value (it used to
 * fill the edit form with it); the edit form shows the stored header as "Name:", and saving it with
 * another header added keeps the stored value, which a real receiver still gets.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { assertNoPageProblems, describeInBrowser, signIn, waitForText } from '../support/browser.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, signInAdmin } from '../support/graphql.js';
import { createWebhook, push, startReceiver, WEBHOOK_ENV, type Receiver } from '../support/webhooks.js';

const TOKEN = 'Bearer console-never-shows-this-token';

describeInBrowser('webhook header values in the console', () => {
  const suite = consoleSuite({ env: WEBHOOK_ENV });
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver?.close();
  });

  it('the webhook page shows header names with "value set", never a value, and an edit that leaves "Name:" keeps the stored value', async () => {
    const admin = await signInAdmin(suite.server);
    const hook = await createWebhook(suite.server, admin.accessToken, {
      name: 'headers receiver',
      url: receiver.url,
      events: ['service.down'],
      filters: '{"service.name": "console-headers"}',
      headers: [{ name: 'Authorization', value: TOKEN }],
    });
    const { page, problems } = await suite.open();
    await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.goto(`${suite.server.consoleUrl}admin/webhooks/${hook.id}`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'headers receiver');
    await waitForText(page.getByTestId('webhook-headers'), 'Authorization (value set, write-only)');
    assert.ok(!(await page.content()).includes('console-never-shows-this-token'), 'the value is nowhere on the page');

    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Save webhook' });
    await form.getByText('Delivery settings').click();
    const headers = form.getByLabel('Headers');
    assert.equal(await headers.inputValue(), 'Authorization:');
    await headers.fill('Authorization:\nX-Team: ops');
    await form.getByRole('button', { name: 'Save webhook' }).click();
    await waitForText(page.getByTestId('webhook-headers'), 'Authorization (value set, write-only), X-Team (value set, write-only)');

    const before = receiver.requests.length;
    await push(suite.server, 'console-headers', 'DOWN');
    const [request] = (await receiver.received(before + 1)).slice(before);
    assert.equal(request!.headers['authorization'], TOKEN, 'the stored value was kept');
    assert.equal(request!.headers['x-team'], 'ops');
    assertNoPageProblems(problems);
  });
});
