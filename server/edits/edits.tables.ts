import type { Generated, Selectable } from 'kysely';
import type { EditKind } from '../../sync/edits/edit-fields.ts';

/**
 * An offline edit of a post, comment or notification that met a copy changed on the server since
 * (migrations/0050): both sides kept until the member chooses on /sync. Open while `resolved_at`
 * is null; the feed carries it to the member's devices as 'editconflict'.
 */
export interface EditConflictsTable {
  f_idx: Generated<number>;
  f_user_idx: number;
  f_kind: EditKind;
  /** The post, comment or notification edited. */
  f_target_idx: number;
  /** A comment's post; null for the other kinds. */
  f_post_idx: number | null;
  /** What names it on /sync: the post's or notification's title, a comment's post title. */
  f_subject: Generated<string>;
  /** JSON array of the fields changed on both sides. */
  fields: string;
  /** JSON objects of those fields' values: the member's, the server's, and the copy the edit was made on. */
  mine: string;
  theirs: string;
  base: string;
  base_version: number | null;
  /** The edit count of the server's copy the conflict holds. */
  theirs_version: number;
  client_id: string | null;
  mutation_id: string | null;
  f_reg_time: string;
  resolved_at: string | null;
  /** JSON: the member's choice, or "superseded" when a later conflict of the same target took it in. */
  resolution: string | null;
}

export interface EditsTables {
  edit_conflicts: EditConflictsTable;
}

export type EditConflictRecord = Selectable<EditConflictsTable>;
