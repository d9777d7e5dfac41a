import { searchKeys } from '@/config/tracking-params'

/**
 * searchFilesFor names the search files a Menus URL will need before its stores
 * are in: the default search's first page (api/search/flower/first) for a visit
 * with no search (tracking parameters aside), the one shard of a one-region search. The router starts them
 * with the screen's code. Names are checked loosely: the screen's shapes are not
 * loaded yet, and a wrong guess is one unused request.
 */
export function searchFilesFor(url: URL): string[] {
  const params = url.searchParams
  if (searchKeys(params).length === 0) return ['search/flower/first']
  const region = params.get('region') ?? ''
  const type = params.get('type') ?? 'Flower'
  if (params.get('by') === 'distance' || !/^[A-Za-z]+$/.test(region) || !/^[A-Za-z]+$/.test(type)) return []
  return [`search/${type.toLowerCase()}/${region.toLowerCase()}`]
}
