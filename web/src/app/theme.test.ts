/// <reference types="node" />
// Checks the trimmed theme against the components the sources import, read from disk: the test runs in Node, not the browser.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a unit test reading the sources
import fs from 'node:fs';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a unit test reading the sources
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from '@jest/globals';
import { system } from './theme';

/** Every name the dashboard imports from @chakra-ui/react (Alert, DataList, IconButton, …). */
function chakraImports(dir: string, names = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) chakraImports(file, names);
    else if (/\.tsx?$/.test(entry.name)) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
        for (const name of match[1]!.split(',')) names.add(name.trim().replace(/^type\s+/, ''));
      }
    }
  }
  return names;
}

// Components styled by another component's recipe.
const RECIPE_OF: Record<string, string> = { IconButton: 'button', CheckboxGroup: 'checkbox', CloseButton: 'button' };
const recipeKey = (name: string) => RECIPE_OF[name] ?? name.charAt(0).toLowerCase() + name.slice(1);

describe('the dashboard theme', () => {
  const used = [...chakraImports(path.join(__dirname, '..'))].filter(Boolean);

  it('finds the components the dashboard uses', () => {
    expect(used).toEqual(expect.arrayContaining(['Alert', 'Button', 'Card', 'Table']));
  });

  it('styles every component the dashboard imports that Chakra styles by a recipe', () => {
    const styled = used.map(recipeKey).filter((key) => defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key));
    const missing = styled.filter((key) => !system.isRecipe(key) && !system.isSlotRecipe(key));
    expect(styled.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('leaves out recipes of components the dashboard does not use', () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
  });
});
