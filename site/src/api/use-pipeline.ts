import { pipelineSchema } from './explore-schemas'
import { useSnapshot } from './use-snapshot'

/** usePipeline loads api/pipeline: the last scrape run and the registry's coverage (absent on older trees). */
export function usePipeline() {
  return useSnapshot('pipeline', pipelineSchema)
}
