import { describe, expect, it } from 'vitest';
import { pinnedByRestriction } from '../../../src/server/engine/pinned-columns';
import { parseRowRestriction } from '../../../src/server/engine/row-restriction-parser';

const pinned = async (text: string): Promise<string[]> =>
  [...pinnedByRestriction((await parseRowRestriction(text)).tree)].sort();

describe('columns a row restriction pins to one value', () => {
  it('an equality with a value or a placeholder, on either side, alone or ANDed', async () => {
    expect(await pinned('team_id = {user.team_id}')).toEqual(['team_id']);
    expect(await pinned('{user.team_id} = team_id')).toEqual(['team_id']);
    expect(await pinned('team_id = 2 AND status_id = 3 AND agent_id > 4')).toEqual(['status_id', 'team_id']);
  });

  it('nothing that lets several values through', async () => {
    expect(await pinned('team_id = {user.team_id} OR agent_id = {user.id}')).toEqual([]);
    expect(await pinned('team_id IN (1, 2)')).toEqual([]);
    expect(await pinned('team_id <> 2')).toEqual([]);
    expect(await pinned('NOT (team_id = 2)')).toEqual([]);
    expect(await pinned('team_id = agent_id')).toEqual([]);
    expect(await pinned('team_id = NULL')).toEqual([]);
  });
});
