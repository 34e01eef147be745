/** Step 3 (question-sets/wizard/contact.json) as the wizard evaluates it per report. */
import { describe, expect, it } from 'vitest';
import { createForm } from '@meldloket/engine';
import { loadSet, NOW } from './support.ts';

const contact = createForm(loadSet('wizard/contact'), {}, { file: 'wizard/contact.json' });
const visible = (subcategory: string) => contact.evaluate({ category: 'overlast-van-dieren', subcategory }, { now: NOW, isAuthenticated: false }).visibleKeys;

describe('the contact step', () => {
  it('reminds a rats report of the e-mail address step 2 asked for', () => {
    expect(visible('ratten')).toContain('contact_ratten_email');
    const reminder = contact.questions.find((q) => q.key === 'contact_ratten_email')!;
    expect(reminder.meta.value).toMatch(/e-mailadres in/);
    // the reminder stands right above the e-mail question
    const keys = contact.questions.map((q) => q.key);
    expect(keys.indexOf('email') - keys.indexOf('contact_ratten_email')).toBe(1);
  });

  it('says nothing about rats for other reports', () => {
    expect(visible('wespen')).not.toContain('contact_ratten_email');
  });
});
