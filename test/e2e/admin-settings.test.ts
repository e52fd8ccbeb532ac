import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deleteRow, dialogClosed, dialogField, retype, setInputValue, submitDialog, superUserSession, waitForText, waitWithoutText } from './admin-page.ts';
import { checkAccessibility } from './harness.ts';

/** The four settings pages declared on the admin scaffold: each created, edited and deleted through its form. */
describe('partners, corporations, order details and tax certificates in the browser', function () {
  this.timeout(120_000);
  const ui = superUserSession('admin-settings');
  const field = (name: string) => dialogField(ui.page, name);
  const submit = () => submitDialog(ui.page);

  it('partners: shows mistakes beside the fields, then creates, edits and deletes one', async () => {
    await ui.open('/settings/partners');
    await ui.page.locator('::-p-text(New partner)').click();
    await field('name').fill('Obituary Cloud');
    await field('websiteUrl').fill('obits.example');
    await field('contactEmail').fill('not an address');
    await submit();
    await waitForText(ui.page, '[role="dialog"] .Mui-error', 'must be a web address');
    await waitForText(ui.page, '[role="dialog"] .Mui-error', 'Please enter a valid email address.');
    await checkAccessibility(ui.page, 'the partner form with its messages');
    await retype(ui.page, 'websiteUrl', 'https://obits.example');
    await retype(ui.page, 'contactEmail', 'help@obits.example');
    await submit();
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Obituary Cloud');
    assert.deepEqual(await ui.db()('partners').where({ name: 'Obituary Cloud' }).first('website_url', 'contact_email', 'released'), {
      website_url: 'https://obits.example',
      contact_email: 'help@obits.example',
      released: true,
    });
    await ui.shots('partners');

    await ui.page.locator('button[aria-label="Edit Obituary Cloud"]').click();
    await retype(ui.page, 'name', 'Obituary Cloud Inc');
    await ui.page.locator('[role="dialog"] input[name="released"]').click();
    await submit();
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Not released');
    assert.equal((await ui.db()('partners').where({ name: 'Obituary Cloud Inc' }).first()).released, false);

    await deleteRow(ui.page, 'Obituary Cloud Inc');
    await waitWithoutText(ui.page, 'table tbody', 'Obituary Cloud');
    assert.equal(await ui.db()('partners').where({ name: 'Obituary Cloud Inc' }).first(), undefined);
  });

  it('corporations: creates, edits and deletes one, and hears the server about a taken name', async () => {
    await ui.db()('corporations').insert({ name: 'Evergreen Holdings' });
    await ui.open('/settings/corporations');
    await waitForText(ui.page, 'table tbody', 'Evergreen Holdings');
    await checkAccessibility(ui.page, '/settings/corporations');
    await ui.page.locator('::-p-text(New corporation)').click();
    await field('name').fill('evergreen holdings');
    await submit();
    await waitForText(ui.page, '[role="dialog"] .Mui-error', 'Another corporation already has this name.');
    await retype(ui.page, 'name', 'Northway Memorial Group');
    await field('contactName').fill('Dana Ortiz');
    await submit();
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Northway Memorial Group');
    await ui.shots('corporations');

    await ui.page.locator('button[aria-label="Edit Northway Memorial Group"]').click();
    await field('phone').fill('555-0100');
    await submit();
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', '555-0100');
    assert.equal((await ui.db()('corporations').where({ name: 'Northway Memorial Group' }).first()).phone, '555-0100');

    await deleteRow(ui.page, 'Northway Memorial Group');
    await waitWithoutText(ui.page, 'table tbody', 'Northway');
    assert.equal(await ui.db()('corporations').where({ name: 'Northway Memorial Group' }).first(), undefined);
  });

  it('order details: a new product at a price, repriced, then deleted; the order page offers it meanwhile', async () => {
    await ui.open('/settings/order_details');
    await waitForText(ui.page, 'table tbody', 'DVD in Memorial Case');
    await checkAccessibility(ui.page, '/settings/order_details');
    await ui.page.locator('::-p-text(New product)').click();
    await field('productTitle').fill('Keepsake Photo Book');
    await field('priceCents').fill('45.50');
    await submit();
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', '$45.50');
    const product = await ui.db()('products').where({ product_title: 'Keepsake Photo Book' }).first();
    assert.equal(product.price_cents, 4550);
    assert.ok((await ui.app.running.deps.repos.orders.offers(null)).some((o) => o.id === product.id && o.price_cents === 4550));
    await ui.shots('order-details');

    await ui.page.locator('button[aria-label="Edit Keepsake Photo Book"]').click();
    await retype(ui.page, 'priceCents', '39.99');
    await submit();
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', '$39.99');
    assert.equal((await ui.db()('products').where({ id: product.id }).first()).price_cents, 3999);

    // The second list: Demo Funeral Home pays its own price for the book.
    await ui.page.locator('::-p-text(New organization price)').click();
    await ui.page.locator('[role="dialog"] input[role="combobox"]').fill('Demo');
    await ui.page.locator('::-p-xpath(//li[@role="option"][contains(., "Demo Funeral Home")])').click();
    await ui.page.locator('[role="dialog"] div[role="combobox"]').click();
    await ui.page.locator('::-p-xpath(//li[@role="option"][normalize-space()="Keepsake Photo Book"])').click();
    await ui.page.waitForFunction(() => !document.querySelector('[role="listbox"]'), { timeout: 10_000 });
    await field('priceCents').fill('30.00');
    await submit();
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table[aria-label="Organization prices"] tbody', '$30.00');
    const demo = await ui.db()('organizations').where({ organization_name: 'Demo Funeral Home' }).first();
    assert.equal((await ui.app.running.deps.repos.orders.offers(demo.id)).find((o) => o.id === product.id)?.price_cents, 3000);
    await checkAccessibility(ui.page, '/settings/order_details with an organization price');

    await deleteRow(ui.page, 'Keepsake Photo Book');
    await waitWithoutText(ui.page, 'table[aria-label="Order Details"] tbody', 'Keepsake Photo Book');
    assert.equal(await ui.db()('products').where({ id: product.id }).first(), undefined);
    assert.equal(await ui.db()('organization_product_prices').where({ product_id: product.id }).first(), undefined, 'its prices went with it');
  });

  it('tax certificates: uploads a file with its expiry, downloads it, changes the date and deletes it', async () => {
    const pdf = path.join(ui.tmp, 'texas-exemption.pdf');
    writeFileSync(pdf, '%PDF-1.4\n% exemption certificate\n%%EOF\n');
    await ui.open('/settings/tax_certificates');
    await ui.page.locator('::-p-text(New tax certificate)').click();
    await ui.page.locator('[role="dialog"] input[role="combobox"]').fill('Demo');
    await ui.page.locator('::-p-xpath(//li[@role="option"][contains(., "Demo Funeral Home")])').click();
    await field('jurisdiction').fill('Texas');
    await submit();
    await waitForText(ui.page, '[role="dialog"] .Mui-error', 'Please choose the expiry date.');
    await waitForText(ui.page, '[role="dialog"]', 'Please choose the certificate file to upload.');
    await setInputValue(ui.page, '[role="dialog"] input[name="expiresOn"]', '2031-06-30');
    const input = await ui.page.$('[role="dialog"] input[type="file"]');
    await input!.uploadFile(pdf);
    await waitForText(ui.page, '[role="dialog"]', 'texas-exemption.pdf');
    await submit();
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'texas-exemption.pdf');
    const row = await ui.db()('tax_certificates').where({ jurisdiction: 'Texas' }).first();
    assert.equal(row.file_name, 'texas-exemption.pdf');
    const downloaded = await ui.page.$eval('table tbody a[download]', async (a) => (await (await fetch((a as HTMLAnchorElement).href)).text()));
    assert.match(downloaded, /exemption certificate/);
    await checkAccessibility(ui.page, '/settings/tax_certificates');
    await ui.shots('tax-certificates');

    const name = 'Demo Funeral Home certificate (Texas)';
    await ui.page.locator(`button[aria-label="Edit ${name}"]`).click();
    await setInputValue(ui.page, '[role="dialog"] input[name="expiresOn"]', '2020-01-31');
    await submit();
    await dialogClosed(ui.page);
    await waitForText(ui.page, 'table tbody', 'Expired');
    assert.equal((await ui.db()('tax_certificates').where({ id: row.id }).first()).file_name, 'texas-exemption.pdf', 'the file stays');

    await deleteRow(ui.page, name);
    await waitWithoutText(ui.page, 'table tbody', 'Texas');
    assert.equal(await ui.db()('tax_certificates').where({ id: row.id }).first(), undefined);
    assert.equal(await ui.app.running.deps.repos.storage.read(row.file_key), null);
  });

  it('left no errors in the console but the taken name the server refused', () => {
    assert.deepEqual(ui.consoleErrors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
