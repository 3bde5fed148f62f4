/**
 * The console keeps its own copies of a few schema enums (to offer them in filters without a
 * round trip); each must list exactly the values the served schema has, in its order. Only files
 * without imports can be read here (the console resolves its imports as a bundler does).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GraphQLEnumType } from 'graphql';
import { productModules } from '../../../../src/plugins/productModules.js';
import { EVENT_KIND_ORDER as EVENT_KINDS } from '../../../../web/src/screens/sla/eventKinds.js';

const copies: ReadonlyArray<readonly [string, readonly string[]]> = [['SLAEventKind', EVENT_KINDS]];

for (const [name, values] of copies) {
  test(`the console's ${name} values are the schema's`, () => {
    const type = productModules().schema().getType(name);
    assert.ok(type instanceof GraphQLEnumType, `${name} is an enum of the schema`);
    assert.deepEqual(
      [...values],
      type.getValues().map((v) => v.name),
    );
  });
}
