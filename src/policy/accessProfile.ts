/**
 * The decisions of everyone with one role and one set of groups: what `viewer.access` holds. A
 * check compares the engine's generation with the one its tables were built at (rebuilding them
 * after a change) and reads an array: no allocation, no map on the path without environments.
 */
import type { Action, Role, ViewerAccess } from '../auth/roles.js';

/** What a profile asks of the engine (policyEngine.ts), which creates the profiles. */
export interface ProfileSource {
  readonly generation: number;
  readonly scoped: boolean;
  indexOf(action: string): number | undefined;
  envSetOf(nodePath: string): number;
  decide(role: Role, groupIds: readonly string[], envSet: number): Uint8Array;
  decideFields(role: Role, groupIds: readonly string[]): { hidden: Uint8Array; readOnly: Uint8Array };
  decideScreens(role: Role, groupIds: readonly string[], allows: (action: Action) => boolean): boolean[];
}

export class AccessProfile implements ViewerAccess {
  private builtAt = -1;
  private base: Uint8Array = new Uint8Array(0);
  /** Decision tables per set of environments (index: the engine's envSet id; 0 is `base`). */
  private byEnvSet: (Uint8Array | undefined)[] = [];
  private hiddenFields: Uint8Array = new Uint8Array(0);
  private readOnlyFields: Uint8Array = new Uint8Array(0);
  private hidesAny = false;
  private screens: boolean[] | undefined;

  constructor(
    private readonly engine: ProfileSource,
    readonly key: string,
    readonly role: Role,
    readonly groupIds: readonly string[],
  ) {}

  get scoped(): boolean {
    return this.engine.scoped;
  }

  allows(action: Action, nodePath?: string): boolean {
    const engine = this.engine;
    if (this.builtAt !== engine.generation) this.build();
    const i = engine.indexOf(action);
    if (i === undefined) return false;
    if (nodePath === undefined || !engine.scoped) return this.base[i] === 1;
    const set = engine.envSetOf(nodePath);
    if (set === 0) return this.base[i] === 1;
    let table = this.byEnvSet[set];
    if (table === undefined) table = this.byEnvSet[set] = engine.decide(this.role, this.groupIds, set);
    return table[i] === 1;
  }

  /** Fields (catalog indexes) this profile may not read; null when it reads every field. */
  hidden(): Uint8Array | null {
    if (this.builtAt !== this.engine.generation) this.build();
    return this.hidesAny ? this.hiddenFields : null;
  }

  readOnly(): Uint8Array {
    if (this.builtAt !== this.engine.generation) this.build();
    return this.readOnlyFields;
  }

  screenVerdicts(): readonly boolean[] {
    if (this.builtAt !== this.engine.generation) this.build();
    this.screens ??= this.engine.decideScreens(this.role, this.groupIds, (a) => this.allows(a));
    return this.screens;
  }

  private build(): void {
    const engine = this.engine;
    this.builtAt = engine.generation;
    this.base = engine.decide(this.role, this.groupIds, 0);
    this.byEnvSet = [this.base];
    const { hidden, readOnly } = engine.decideFields(this.role, this.groupIds);
    this.hiddenFields = hidden;
    this.readOnlyFields = readOnly;
    this.hidesAny = hidden.includes(1);
    this.screens = undefined;
  }
}
