/**
 * The tree's data: roots on mount, children when a node is expanded, live count changes applied
 * in place, and a re-query of every loaded node (counts, new nodes) when changes could not be placed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient, type CombinedError } from 'urql';
import { CHILDREN_LIMIT, NODE_CHILDREN, ROOT_NODES } from './documents';
import { ancestorsOf, childrenToLoad, EMPTY_TREE, setExpanded, withChildren, withRoots, type TreeState } from './nodeTree';
import { applyChangesToSummaries, type StatusChange } from './statusCounts';

export interface NodeTreeApi {
  readonly tree: TreeState;
  readonly error: CombinedError | null;
  toggle(id: string, expanded: boolean): void;
  /** Expand the ancestors of `path` so it shows. */
  reveal(path: string): void;
  applyChanges(changes: readonly StatusChange[]): void;
  refreshCounts(): void;
}

export function useNodeTree(initialSelection: string | null): NodeTreeApi {
  const client = useClient();
  const [tree, setTree] = useState<TreeState>(() => {
    let state = EMPTY_TREE;
    for (const id of initialSelection ? ancestorsOf(initialSelection) : []) state = setExpanded(state, id, true);
    return state;
  });
  const [error, setError] = useState<CombinedError | null>(null);
  const loading = useRef(new Set<string>());
  const treeRef = useRef(tree);
  treeRef.current = tree;

  useEffect(() => {
    let live = true;
    void client
      .query(ROOT_NODES, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (!live) return;
        if (result.error) setError(result.error);
        else if (result.data) setTree((s) => withRoots(s, result.data!.operationsRootNodes));
      });
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(() => {
    for (const id of childrenToLoad(tree)) {
      if (loading.current.has(id)) continue;
      loading.current.add(id);
      void client
        .query(NODE_CHILDREN, { id, limit: CHILDREN_LIMIT }, { requestPolicy: 'network-only' })
        .toPromise()
        .then((result) => {
          loading.current.delete(id);
          if (result.error) setError(result.error);
          else if (result.data) setTree((s) => withChildren(s, id, result.data!.operationsNodeChildren));
        });
    }
  }, [client, tree]);

  const toggle = useCallback((id: string, expanded: boolean) => setTree((s) => setExpanded(s, id, expanded)), []);
  const reveal = useCallback((path: string) => setTree((s) => ancestorsOf(path).reduce((acc, id) => setExpanded(acc, id, true), s)), []);
  const applyChanges = useCallback((changes: readonly StatusChange[]) => {
    setTree((s) => {
      const { summaries } = applyChangesToSummaries(s.summaries, changes);
      return { ...s, summaries };
    });
  }, []);

  const refreshCounts = useCallback(() => {
    const parents = [...treeRef.current.children.keys()];
    void client
      .query(ROOT_NODES, {}, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (result.data) setTree((s) => withRoots(s, result.data!.operationsRootNodes));
      });
    for (const id of parents) {
      void client
        .query(NODE_CHILDREN, { id, limit: CHILDREN_LIMIT }, { requestPolicy: 'network-only' })
        .toPromise()
        .then((result) => {
          if (result.data) setTree((s) => withChildren(s, id, result.data!.operationsNodeChildren));
        });
    }
  }, [client]);

  return { tree, error, toggle, reveal, applyChanges, refreshCounts };
}
