/**
 * The decisions of everyone with one role and one set of groups: what `viewer.access` holds. A
 * check compares the engine's generation with the one its tables were built at (rebuilding them
 * after a change) and reads an array: no allocation, no map on the path without environments.
 */
import type { Action, PlaceGate, Role, ViewerAccess } from '../../core/auth/roles.js';

/** What a profile asks of the engine (policyEngine.ts), which creates the profiles. */
export interface ProfileSource {
  readonly generation: number;
  readonly scoped: boolean;
  indexOf(action: string): number | undefined;
  envSetOf(nodePath: string): number;
  decide(role: Role, groupIds: readonly string[], envSet: number): Uint8Array;
  decideFields(role: Role, groupIds: readonly string[]): { hidden: Uint8Array; readOnly: Uint8Array };
  decideScreens(role: Role, groupIds: readonly string[], allows: (action: Action) => boolean): boolean[];
  placeCanMatter(role: Role, groupIds: readonly string[], action: Action): boolean;
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
  /** undefined: not asked since the last build; null: every place is admitted. */
  private gate: PlaceGate | null | undefined;

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

  /**
   * Which places' services this profile sees (`service:read` at the place), built once per generation:
   * its key names the profile and the generation, so an aggregate cached under it is never served to
   * another profile nor after a policy change. Null while no place can matter (no environments; an
   * admin no environment-limited rule denies).
   */
  placeGate(): PlaceGate | null {
    const engine = this.engine;
    if (this.builtAt !== engine.generation) this.build();
    if (this.gate !== undefined) return this.gate;
    if (!engine.scoped || !engine.placeCanMatter(this.role, this.groupIds, 'service:read')) return (this.gate = null);
    const key = `${this.key}@${engine.generation}`;
    return (this.gate = { key, admits: (nodePath) => this.allows('service:read', nodePath) });
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
    this.gate = undefined;
  }
}
