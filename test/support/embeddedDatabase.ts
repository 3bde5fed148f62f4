import { after, before } from 'node:test';
import { openDatabase, type Database } from '../../src/platform/persistence/database.js';
import { embeddedBackend, type TestStore } from './backends.js';

/** A fresh, migrated embedded database for the suite this is called in; read it inside tests. */
export function useEmbeddedDatabase(): () => Database {
  let store: TestStore;
  let database: Database;
  before(async () => {
    store = await embeddedBackend.createStore();
    database = await openDatabase({ url: undefined, dataDir: '', pglite: store.pglite! });
  });
  after(async () => {
    await database.close();
    await store.dispose();
  });
  return () => database;
}
