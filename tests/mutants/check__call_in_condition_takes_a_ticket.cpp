// From SigmoidLayer::Forward_cpu (caffe_src/src/caffe/layers/sigmoid_layer.cpp).
// Edit (tenth red team): every sample takes a ticket from a counter of the file, inside the
// CHECK that the ticket was granted: CHECK(TakeTicket(&ticket)). The CHECK's condition runs
// on every sample, so every sample writes the same global; the analysis walked a CHECK's
// names and the layer's own methods only, never a free function it calls.
#include <cmath>
#include <vector>

#include "caffe/layer.hpp"
#include "caffe/layer_factory.hpp"
#include "caffe/util/math_functions.hpp"

namespace caffe {

static int g_next_ticket = 0;

inline bool TakeTicket(int* ticket) {
  *ticket = g_next_ticket++;
  return *ticket >= 0;
}

template <typename Dtype>
class MutSTicketCheckLayer : public Layer<Dtype> {
 public:
  explicit MutSTicketCheckLayer(const LayerParameter& param) : Layer<Dtype>(param) {}
  virtual void Reshape(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top) {
    num_ = bottom[0]->num();
    dim_ = bottom[0]->count(1);
    top[0]->ReshapeLike(*bottom[0]);
  }
  virtual inline const char* type() const { return "MutSTicketCheck"; }

 protected:
  virtual void Forward_cpu(const vector<Blob<Dtype>*>& bottom, const vector<Blob<Dtype>*>& top);
  virtual void Backward_cpu(const vector<Blob<Dtype>*>& top, const vector<bool>& propagate_down,
                            const vector<Blob<Dtype>*>& bottom);
  int num_, dim_;
};

template <typename Dtype>
void MutSTicketCheckLayer<Dtype>::Forward_cpu(const vector<Blob<Dtype>*>& bottom,
    const vector<Blob<Dtype>*>& top) {
  const Dtype* bottom_data = bottom[0]->cpu_data();
  Dtype* top_data = top[0]->mutable_cpu_data();
  // CGP-MUTANT: unsafe class=unknown-call reason=unknown-call
  for (int n = 0; n < num_; ++n) {
    int ticket = 0;
    CHECK(TakeTicket(&ticket)) << "no ticket for sample " << n;
    for (int k = 0; k < dim_; ++k) {
      top_data[n * dim_ + k] = Dtype(ticket % 2 + 1) / (Dtype(1) + std::exp(-bottom_data[n * dim_ + k]));
    }
  }
}

template <typename Dtype>
void MutSTicketCheckLayer<Dtype>::Backward_cpu(const vector<Blob<Dtype>*>& top,
    const vector<bool>& propagate_down, const vector<Blob<Dtype>*>& bottom) {
}

INSTANTIATE_CLASS(MutSTicketCheckLayer);
REGISTER_LAYER_CLASS(MutSTicketCheck);

}  // namespace caffe
