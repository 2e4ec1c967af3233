import { expect, type Page } from '@playwright/test';

/** A link of the server frame's area navigation (Overview, Console, Players, ...). */
export const serverAreaLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Server areas' }).getByRole('link', { name: label, exact: true });

/** The Console area of the server page `page` shows: its output and its prompt. */
export const serverConsole = (page: Page) => {
  const log = page.getByRole('log', { name: 'Console output' });
  const prompt = page.getByRole('textbox', { name: 'Command' });
  /** Types `command` and presses Enter; it is sent once the prompt empties and the line echoes. */
  const run = async (command: string) => {
    await prompt.fill(command);
    await prompt.press('Enter');
    await expect(prompt).toHaveValue('');
    await expect(log).toContainText(`> ${command}`);
  };
  return { log, prompt, run };
};
