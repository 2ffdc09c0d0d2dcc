import type { MutatorInput } from '../../../sync/mutators.ts';
import { localDb } from '../../db/db.ts';
import { uploadedImages } from '../../sync/files.ts';
import { emptyFields, type NotifyFields } from './notify-form.ts';

/**
 * A refused queued notification as the write popup shows it again: the site's name from the device,
 * pictures as uploaded URLs (one never uploaded is left out: it is picked again).
 */
export async function fieldsOfQueued(args: MutatorInput<'addNotify'>): Promise<NotifyFields> {
  const site = args.site_idx ? await localDb.sites.get(args.site_idx) : undefined;
  const images = await uploadedImages({ db: localDb, refs: args.image_url ?? [] });
  const contacts = [...(args.contacts ?? []), { f_name: '', f_phone: '' }, { f_name: '', f_phone: '' }].slice(
    0,
    2,
  );
  return {
    ...emptyFields,
    ...args,
    made: args.made ?? 'N',
    made1: 'N',
    push: args.push ?? 'N',
    is_auto: args.is_auto ?? 'N',
    auto_enable: args.auto_enable ?? 'Y',
    auto_time: args.auto_time ?? emptyFields.auto_time,
    auto_interval: args.auto_interval ?? 'E',
    site_name: site?.f_name ?? '',
    address: site
      ? [site.f_address1, site.f_address2].filter((s) => typeof s === 'string' && s.trim() !== '').join(' ')
      : '',
    image_url: images,
    contacts,
  };
}
